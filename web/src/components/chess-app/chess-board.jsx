import { useRef, useState } from 'preact/hooks';
import { GLYPHS, squareName } from '../../lib/chess.js';

const NAMES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
/** "white rook" for 'R'. */
export const pieceName = (p) => `${p === p.toUpperCase() ? 'white' : 'black'} ${NAMES[p.toUpperCase()]}`;

/** A DTM map square's words: "+3" (the side to move mates in 3 moves), "−5" (mated in 5), "=" draw. */
export function mapLabel(a) {
  if (!a || a.error) return '';
  if (a.outcome === 'draw') return '=';
  return `${a.outcome === 'win' ? '+' : '−'}${a.dtm}`;
}

/**
 * The chessboard, SVG: squares are buttons with a roving focus (arrow keys
 * move it, Enter or Space picks), pieces Unicode glyphs. `map` (64 answers
 * or nulls) colours each square by the DTM map, `shown(answer)` says which
 * the ply cursor has decided; `targets` are the squares the picked piece
 * can move to.
 */
export function ChessBoard({ pieces, flipped = false, picked = -1, targets = [], lastMove = null, map = null, shown = () => true, onSquare }) {
  const [focus, setFocus] = useState(flipped ? 63 : 0);
  const refs = useRef([]);
  const at = (row, col) => (flipped ? row * 8 + (7 - col) : (7 - row) * 8 + col);
  const move = (sq, e) => {
    const d = { ArrowUp: 8, ArrowDown: -8, ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (d !== undefined) {
      e.preventDefault();
      const step = flipped ? -d : d;
      const next = sq + step;
      if (next < 0 || next > 63 || (Math.abs(d) === 1 && next >> 3 !== sq >> 3)) return;
      setFocus(next);
      refs.current[next]?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSquare?.(sq);
    }
  };
  const cells = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const sq = at(row, col);
      const p = pieces[sq];
      const a = map?.[sq];
      const on = a && !a.error && shown(a);
      const kind = on ? a.outcome : a && !a.error ? 'undecided' : null;
      const dark = ((sq >> 3) + (sq & 7)) % 2 === 0;
      const cls = [
        'chess-sq',
        dark ? 'chess-sq--dark' : 'chess-sq--light',
        kind ? `chess-sq--${kind}` : '',
        sq === picked ? 'chess-sq--picked' : '',
        targets.includes(sq) ? 'chess-sq--target' : '',
        lastMove && (lastMove[0] === sq || lastMove[1] === sq) ? 'chess-sq--last' : '',
      ].join(' ');
      const label = `${squareName(sq)}${p ? `, ${pieceName(p)}` : ''}${on ? `, ${mapLabel(a)}` : ''}${targets.includes(sq) ? ', a move' : ''}`;
      cells.push(
        <g
          key={sq}
          ref={(el) => (refs.current[sq] = el)}
          class={cls}
          role="button"
          tabindex={sq === focus ? 0 : -1}
          aria-label={label}
          aria-pressed={sq === picked ? 'true' : undefined}
          data-square={squareName(sq)}
          data-piece={p || undefined}
          data-map={a && !a.error ? mapLabel(a) : undefined}
          data-shown={a && !a.error ? String(on) : undefined}
          transform={`translate(${col} ${row})`}
          onClick={() => {
            setFocus(sq);
            onSquare?.(sq);
          }}
          onKeyDown={(e) => move(sq, e)}
        >
          <rect class="chess-sq__bg" width="1" height="1" />
          {targets.includes(sq) && <circle class="chess-sq__dot" cx="0.5" cy="0.5" r="0.12" />}
          {p && (
            <text class={`chess-sq__piece chess-sq__piece--${p === p.toUpperCase() ? 'white' : 'black'}`} x="0.5" y="0.56">
              {GLYPHS[p]}
            </text>
          )}
          {on && (
            <text class="chess-sq__map" x="0.95" y="0.93">
              {mapLabel(a)}
            </text>
          )}
        </g>,
      );
    }
  }
  const files = flipped ? 'hgfedcba' : 'abcdefgh';
  return (
    <svg class="chess-board" viewBox="-0.4 0 8.4 8.4" role="group" aria-label="Chessboard" data-testid="chess-board">
      {cells}
      {[...files].map((f, i) => (
        <text class="chess-board__coord" x={i + 0.5} y="8.3">
          {f}
        </text>
      ))}
      {[0, 1, 2, 3, 4, 5, 6, 7].map((r) => (
        <text class="chess-board__coord" x="-0.2" y={r + 0.58}>
          {flipped ? r + 1 : 8 - r}
        </text>
      ))}
    </svg>
  );
}
