import { useRef, useState } from 'preact/hooks';
import { readFen, san, squareOf } from '../../lib/chess.js';
import { ChessBoard, pieceName } from './chess-board.jsx';
import { answerWords, rank } from './chess-words.js';

/**
 * The position shown (answer number `runs`): the board (the picked piece,
 * its moves when it is the reader's turn, the last move played from
 * `before`, the DTM map of the mapped piece as far as ply `ply` has
 * decided), the answer in moves with the best one, and the map's legend.
 * A piece clicked is picked and mapped (onMap); a square it can reach then
 * plays there (onPlay). A pick lasts while the answer and the reader's side
 * stay.
 */
export function ChessPosition({ pos, runs, board, before, side, yourTurn, mapSq, mapAnswers, ply, shown, onMap, onPlay }) {
  const moves = pos?.answer?.moves ?? [];
  const last = before && pos ? lastMoveOf(before, pos.fen) : null;
  // A pick is of one moment: a new answer or another side starts the next (and none comes back).
  const moment = useRef({ runs, side, of: 0 });
  if (moment.current.runs !== runs || moment.current.side !== side) moment.current = { runs, side, of: moment.current.of + 1 };
  const { of } = moment.current;
  const [pick, setPick] = useState({ sq: -1, of });
  const picked = pick.of === of ? pick.sq : -1;
  const setPicked = (sq) => setPick({ sq, of });
  const from = (m) => squareOf(m.uci.slice(0, 2));
  const to = (m) => squareOf(m.uci.slice(2, 4));
  const targets = picked >= 0 && yourTurn ? moves.filter((m) => from(m) === picked).map(to) : [];
  const onSquare = (sq) => {
    if (!board) return;
    const p = board.pieces[sq];
    if (picked >= 0) {
      const mv = moves.filter((m) => from(m) === picked && to(m) === sq);
      if (mv.length && yourTurn) {
        // a promotion: the best of the four, the list of moves offers each
        onPlay(mv.sort((a, b) => rank(b) - rank(a))[0].uci);
        return;
      }
    }
    if (p) {
      setPicked(sq === picked ? -1 : sq);
      onMap(sq);
    } else setPicked(-1);
  };
  return (
    <div class="chess-main__board" data-export-frame="board">
      {board && (
        <ChessBoard
          pieces={board.pieces}
          flipped={side === 'b'}
          picked={picked}
          targets={targets}
          lastMove={last}
          map={mapAnswers}
          shown={shown}
          onSquare={onSquare}
        />
      )}
      {pos && (
        <p class="chess-answer" data-testid="chess-answer" aria-live="polite">
          <strong>{board.stm === 'w' ? 'White' : 'Black'} to move:</strong> {answerWords(pos.answer)}
          {pos.answer.best && (
            <>
              {' '}
              (best:{' '}
              <code>
                {san(
                  pos.fen,
                  pos.answer.best,
                  moves.map((m) => m.uci),
                )}
              </code>
              )
            </>
          )}
          <span class="chess-answer__table"> · table {pos.material}</span>
        </p>
      )}
      {mapAnswers && (
        <p class="chess-map-legend" data-testid="chess-map-legend">
          DTM map of the {pieceName(board.pieces[mapSq])}: each square shows the result if it stood there, {board.stm === 'w' ? 'white' : 'black'} to move (+N:
          mates in N moves, −N: mated in N moves, =: draw), as far as ply {ply} of the BFS has decided.
        </p>
      )}
    </div>
  );
}

/** The squares of the move from fen `a` to fen `b` (for the highlight), or null. */
function lastMoveOf(a, b) {
  const x = readFen(a);
  const y = readFen(b);
  if (!x || !y) return null;
  const mine = (p) => p && (p === p.toUpperCase()) === (x.stm === 'w');
  let from = -1;
  let to = -1;
  for (let s = 0; s < 64; s++) {
    if (mine(x.pieces[s]) && !y.pieces[s]) from = s;
    if (mine(y.pieces[s]) && y.pieces[s] !== x.pieces[s]) to = s;
  }
  return from >= 0 && to >= 0 ? [from, to] : null;
}
