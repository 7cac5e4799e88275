// c4_positions.mjs: the Connect Four opening positions the peer comparison
// (c4_peers.mjs) and ./build.sh bench time: ten random positions of each
// stone count from 6 to 11 on 7 x 6, from a fixed seed, none already won
// (random play through random-play.mjs). Prints one move sequence a line
// (1-based columns); c4_open60.txt is its output.
//
//   node tests/bench/c4_positions.mjs > tests/bench/c4_open60.txt
import { randomPlay, rng } from '../js/helpers/random-play.mjs';

/** 1 if some player has four in a row after the sequence `seq` on 7 x 6. */
function won(seq) {
  const grid = Array.from({ length: 7 }, () => []);
  for (let i = 0; i < seq.length; i++) grid[seq.charCodeAt(i) - 49].push(i % 2);
  const at = (c, r) => (c >= 0 && c < 7 && r >= 0 && r < grid[c].length ? grid[c][r] : -1);
  for (let c = 0; c < 7; c++)
    for (let r = 0; r < grid[c].length; r++)
      for (const [dc, dr] of [
        [1, 0],
        [0, 1],
        [1, 1],
        [1, -1],
      ])
        if ([1, 2, 3].every((k) => at(c + k * dc, r + k * dr) === grid[c][r])) return true;
  return false;
}

const rand = rng(20240601);
const out = [];
for (let stones = 6; stones <= 11; stones++) {
  let n = 0;
  while (n < 10) {
    const s = randomPlay(rand, 7, 6, stones);
    // no prefix may be won either: the game would have ended there
    let over = false;
    for (let k = 7; k <= s.length && !over; k++) over = won(s.slice(0, k));
    if (over || out.includes(s)) continue;
    out.push(s);
    n++;
  }
}
process.stdout.write(out.join('\n') + '\n');
