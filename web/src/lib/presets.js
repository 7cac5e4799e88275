// presets.js: the ready-made graphs, with the answers the tests check
// (tests/js/presets.test.mjs solves each one).

/** LeetCode 913, example 1: the answer is a draw. */
export const EXAMPLE_1 = 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]';
/** LeetCode 913, example 2: the mouse wins. */
export const EXAMPLE_2 = 'graph = [[1,3],[0],[3],[0,2]]';
/** Found by a random search: the cat wins (in 6), DFS with memo says draw. */
export const COUNTEREXAMPLE = 'graph = [[2,3],[4,5],[0,3],[0,2,4],[1,3,5],[1,4]]';

export const PRESETS = [
  { label: 'Example 1', input: EXAMPLE_1, answer: 0 },
  { label: 'Example 2', input: EXAMPLE_2, answer: 1 },
  { label: 'Memo DFS counterexample', input: COUNTEREXAMPLE, answer: 2, algo: 'memo-dfs' },
  {
    label: 'Mouse wins in 11',
    input: 'graph = [[2,3,4,5],[6,7,9],[0,3,7],[0,2,4,5,8],[0,3,7],[0,3,9],[1,8,9],[1,2,4,8],[3,6,7,9],[1,5,6,8]]',
    answer: 1,
    remoteness: 11,
  },
  {
    label: 'Cat wins in 13',
    input: 'graph = [[2,3],[5],[0,4],[0,4,7],[2,3],[1,8],[7,8],[3,6],[5,6]]',
    answer: 2,
    remoteness: 13,
  },
  { label: 'A draw', input: 'graph = [[3,5],[2,3,4],[1,3,5],[0,1,2,6],[1,5],[0,2,4],[3]]', answer: 0 },
  { label: 'Trapped mouse', input: 'graph = [[2],[3],[0,3],[1,2]]', answer: 2 },
  { label: 'Random, 60 nodes', random: { n: 60, avgDegree: 3 } },
  { label: 'Complete, 200 nodes', random: { n: 200, avgDegree: 199 } },
  { label: 'Random, 2000 nodes', random: { n: 2000, avgDegree: 4 } },
];
