// chess-words.js: an answer of the tables in words, and the order of moves
// by their results. No Preact.

/** The answer in words, always in moves. */
export function answerWords(a) {
  if (!a) return '';
  if (a.outcome === 'draw') return 'Draw';
  if (a.outcome === 'win') return `Mate in ${a.dtm} ${a.dtm === 1 ? 'move' : 'moves'} (${a.plies} plies)`;
  return a.dtm === 0 ? 'Checkmated' : `Mated in ${a.dtm} ${a.dtm === 1 ? 'move' : 'moves'} (${a.plies} plies)`;
}
/** A move's result for its mover, short: "mate in 3 moves", "mated in 2 moves", "draw". */
export const moveWords = (m) => (m.outcome === 'draw' ? 'draw' : `${m.outcome === 'win' ? 'mate' : 'mated'} in ${m.dtm} ${m.dtm === 1 ? 'move' : 'moves'}`);
/** A move's rank for its mover: the quickest win first, the slowest loss before a quicker one. */
export const rank = (m) => (m.outcome === 'win' ? 1000 - m.plies : m.outcome === 'loss' ? -1000 + m.plies : 0);
