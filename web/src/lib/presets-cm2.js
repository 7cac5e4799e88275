// presets-cm2.js: Cat and Mouse II's ready-made boards, with the answers
// the tests check (tests/js/cm2-presets.test.mjs solves each one).

export const CM2_PRESETS = [
  { label: 'Example 1', grid: '["####F","#C...","M...."]', catJump: 1, mouseJump: 2, answer: true, remoteness: 5 },
  { label: 'Example 2', grid: '["M.C...F"]', catJump: 1, mouseJump: 4, answer: true },
  { label: 'Example 3', grid: '["M.C...F"]', catJump: 1, mouseJump: 3, answer: false },
  { label: 'Example 4', grid: '["C...#","...#F","....#","M...."]', catJump: 2, mouseJump: 5, answer: false },
  { label: 'Example 5', grid: '[".M...","..#..","#..#.","C#.#.","...#F"]', catJump: 3, mouseJump: 1, answer: true },
  {
    // LeetCode-Feedback #24500: turn-capped solutions (e.g. 68 or 70 turns) say false.
    label: 'Long forced win (75 moves)',
    grid: '["C#......","M..####.","###.....","....####",".####...","......#.","#######.","F......."]',
    catJump: 1,
    mouseJump: 1,
    answer: true,
    remoteness: 75,
  },
  { label: 'Cat holds out forever', grid: '["M#C#F"]', catJump: 1, mouseJump: 1, answer: false },
];
