// use-dtm-map.js: the DTM map of the mapped piece: the answer of the
// position with that piece on each square it could stand on.
import { useEffect, useState } from 'preact/hooks';
import { writeFen } from '../../lib/chess.js';

/**
 * The map of the piece on square `sq` of `board` (the position `pos`), asked
 * of the tables (ask) and given to the layers' model (the trace's JSON and
 * an export show it): 64 answers, or null while none is for this position
 * and square.
 */
export function useDtmMap({ pos, board, sq, store, ask }) {
  const [map, setMap] = useState(null); // { fen, sq, answers: 64 }
  useEffect(() => {
    if (!pos || sq < 0 || !board?.pieces[sq]) {
      setMap(null);
      return;
    }
    const fens = [];
    const where = [];
    for (let t = 0; t < 64; t++) {
      if (t !== sq && board.pieces[t]) continue;
      const pieces = board.pieces.slice();
      pieces[t] = pieces[sq];
      if (t !== sq) pieces[sq] = '';
      fens.push(writeFen({ pieces, stm: board.stm, ep: -1 }));
      where.push(t);
    }
    let live = true;
    store.model.peek()?.setMap(null);
    ask({ op: 'map', fens }).then(
      (r) => {
        if (!live) return;
        const answers = Array(64).fill(null);
        where.forEach((t, i) => (answers[t] = r.answers[i]));
        setMap({ fen: pos.fen, sq, answers });
        store.model.peek()?.setMap(answers);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [pos, sq]);
  return map && pos && map.fen === pos.fen && map.sq === sq ? map.answers : null;
}
