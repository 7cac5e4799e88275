// use-chess-table.js: the table being built and the last one built, and its
// BFS layers in the player store.
import { useRef, useState } from 'preact/hooks';
import { applyLink, startEmbedClock } from '../../hooks/use-view-state.js';
import { readFen, squareOf } from '../../lib/chess.js';
import { createChessModel } from '../../player/chess-model.js';
import { pliesOf } from './build-panel.jsx';

/**
 * { table (the last build's stats), progress (the build's, while one runs),
 * livePly (its positions per ply so far), hear(p) (a build's progress
 * message), done() (the build ended), take(r, fen) (a build's reply for
 * fen), linked }. A new table's layers go into the store at the end, the
 * mapped piece kept where it still stands. The first table takes the
 * link's ply and sel (a square's name) and an embed's clock, unless the
 * reader asked for a position first (linked.current false); a host's
 * "select" command names a square (0 = a1 .. 63 = h8) with a piece on it
 * (`boardRef`: the board shown).
 */
export function useChessTable({ store, initial, embed, boardRef }) {
  const [table, setTable] = useState(null);
  const [progress, setProgress] = useState(null);
  const [livePly, setLivePly] = useState(null);
  const linked = useRef(true); // the link's ply and sel wait for its first table; false once the reader asks for a position

  const hear = (p) => {
    if (!p.chess) return;
    setProgress(p.chess);
    setLivePly(p.chess.perPly);
  };
  const done = () => {
    setProgress(null);
    setLivePly(null);
  };

  const loadLayers = (r, board) => {
    const next = createChessModel({ material: r.material, perPly: pliesOf(r.histogram) });
    const keep = store.selected.peek();
    store.load(next, { at: 'end', select: keep >= 0 && board?.pieces[keep] ? keep : -1 });
    const link = {};
    if (linked.current) {
      linked.current = false;
      const ply = Number(initial?.ply);
      if (initial?.ply !== undefined && Number.isInteger(ply) && ply >= 0 && ply < 256) link.step = ply;
      const sq = squareOf(String(initial?.sel ?? ''));
      if (sq >= 0) link.sel = sq;
    }
    const validSel = (s) => Number.isInteger(s) && s >= 0 && s < 64 && Boolean(boardRef.current?.pieces[s]);
    applyLink(store, next, link, { validSel, what: 'board' });
    startEmbedClock(store, embed, { hasStep: link.step !== undefined });
  };

  /** A build's reply: a table built now, or another table than the last, is the one shown (bare kings have none). */
  const take = (r, fen) => {
    if (r.material !== 'KK' && r.histogram && (r.tables > 0 || table?.material !== r.material)) {
      setTable({ material: r.material, histogram: r.histogram, longest: r.longest_win, positions: r.positions, buildMs: r.buildMs, built: r.tables });
      loadLayers(r, readFen(fen));
    }
  };

  return { table, progress, livePly, hear, done, take, linked };
}
