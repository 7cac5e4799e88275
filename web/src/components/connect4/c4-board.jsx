// c4-board.jsx: the Connect Four board as SVG. Each column is a button (click,
// Enter or Space plays it; digits 1-9 and the arrow keys work on the board);
// under each column its score, as a signed number and a word, so it reads
// without colour.
import { SIDES, columnMark, outcomeOf, scoreWords } from '../../lib/connect4.js';

const CELL = 44;
const PAD = 6;
const LABEL = 34;

export function C4Board({ w, h, grid, four, columns, showScores, onPlay, canPlay, stones, best = [] }) {
  const width = w * CELL + 2 * PAD;
  const height = h * CELL + 2 * PAD + LABEL;
  const inFour = new Set((four ?? []).map(([c, r]) => `${c},${r}`));
  const keyDown = (e) => {
    const col = Number(e.key);
    if (Number.isInteger(col) && col >= 1 && col <= w) {
      e.preventDefault();
      onPlay(col - 1);
      return;
    }
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const buttons = [...e.currentTarget.querySelectorAll('[data-col]')];
      const i = buttons.indexOf(document.activeElement);
      const next = buttons[Math.max(0, Math.min(w - 1, (i < 0 ? 0 : i) + (e.key === 'ArrowRight' ? 1 : -1)))];
      if (next) {
        e.preventDefault();
        next.focus();
      }
    }
  };
  return (
    <svg
      class="c4-board"
      viewBox={`0 0 ${width} ${height}`}
      role="group"
      aria-label={`Connect Four board, ${w} columns by ${h} rows; press a column's digit to play it`}
      data-testid="c4-board"
      onKeyDown={keyDown}
    >
      <rect class="c4-board__frame" x={0} y={0} width={width} height={h * CELL + 2 * PAD} rx={8} />
      <g class="c4-board__drawn" aria-hidden="true">
        {grid.map((stonesIn, c) => {
          const x = PAD + c * CELL;
          const score = columns?.[c] ?? null;
          return (
            <g class={best.includes(c + 1) && showScores ? 'c4-col--best' : ''}>
              {Array.from({ length: h }, (_, r) => {
                const who = stonesIn[r];
                const cx = x + CELL / 2;
                const cy = PAD + (h - 1 - r) * CELL + CELL / 2;
                return (
                  <g>
                    <circle
                      class={`c4-cell${who === undefined ? '' : ` c4-stone c4-stone--${SIDES[who].toLowerCase()}`}${inFour.has(`${c},${r}`) ? ' c4-stone--four' : ''}`}
                      cx={cx}
                      cy={cy}
                      r={CELL / 2 - 5}
                    />
                    {who !== undefined && (
                      <text class="c4-stone__mark" x={cx} y={cy}>
                        {SIDES[who]}
                      </text>
                    )}
                  </g>
                );
              })}
              {showScores && (
                <text
                  class={`c4-score c4-score--${outcomeOf(score)}`}
                  x={x + CELL / 2}
                  y={h * CELL + 2 * PAD + LABEL / 2 + 2}
                  data-testid={`c4-score-${c + 1}`}
                  data-score={score === null ? '' : String(score)}
                >
                  {columnMark(score)}
                </text>
              )}
            </g>
          );
        })}
      </g>
      {grid.map((stonesIn, c) => {
        const score = columns?.[c] ?? null;
        const playable = canPlay(c);
        const words = score === null ? (playable ? 'not solved yet' : 'cannot be played') : `${scoreWords(score, w, h, stones)} (score ${columnMark(score)})`;
        const x = PAD + c * CELL;
        return (
          <g
            class={`c4-col${playable ? '' : ' c4-col--full'}`}
            role="button"
            tabindex={playable ? 0 : -1}
            aria-disabled={playable ? 'false' : 'true'}
            aria-label={`Column ${c + 1}: ${showScores ? words : playable ? 'play here' : 'full'}`}
            data-col={c + 1}
            data-testid={`c4-col-${c + 1}`}
            onClick={() => playable && onPlay(c)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                if (playable) onPlay(c);
              }
            }}
          >
            <rect class="c4-col__hit" x={x} y={0} width={CELL} height={h * CELL + 2 * PAD + (showScores ? LABEL : 0)} />
          </g>
        );
      })}
    </svg>
  );
}
