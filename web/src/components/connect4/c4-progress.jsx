// c4-progress.jsx: a long Connect Four solve as it runs: the
// columns (or stages) done, the positions explored and their rate, and the
// bounds on the score being searched narrowing towards it, from the
// progress the worker posts during the solve (connect4-games.js). It reads
// the progress signal (use-solver.js) itself, so each message re-renders it
// alone, not the view around it; no live region (ten updates a second
// would flood a screen reader; the status line above announces the start
// and the end).
import { useLayoutEffect, useRef } from 'preact/hooks';
import { formatCount, formatShort } from '../../lib/format.js';
import { C4_STAGE_LABELS } from '../../lib/connect4.js';

const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

/**
 * progress: a signal of the worker's last message ({ decided, states,
 * nodes, lo, hi, ms, column | stage | position: true }, or null); unit: 'columns' or 'stages'; range: the largest score
 * magnitude on this position (the bounds' bar spans [-range, range]).
 */
export function C4Progress({ progress, unit, range, testid = 'c4-progress' }) {
  const p = progress.value ?? {};
  // The block only grows while it lives: its lines change length with each
  // message and wrap differently, and a block that shrank at the foot of a
  // page scrolled to its end would pull everything above it down, the Cancel
  // button from under the pointer too.
  const box = useRef(null);
  const tallest = useRef(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const h = el.getBoundingClientRect().height;
    if (h > tallest.current) {
      tallest.current = h;
      el.style.minHeight = `${h}px`;
    }
  });
  const searching = p.nodes !== undefined;
  const done = p.decided ?? 0;
  const total = p.states ?? 0;
  const rate = searching && p.ms > 0 ? (p.nodes / p.ms) * 1000 : 0;
  const what = p.stage ? `stage “${C4_STAGE_LABELS[p.stage] ?? p.stage}”` : p.column ? `column ${p.column}` : p.position ? 'the position' : null;
  const whose = p.stage ? 'the score' : p.position ? "the position's score" : `column ${p.column}'s score`;
  const span = Math.max(1, range * 2);
  const at = (v) => `${((Math.max(-range, Math.min(range, v)) + range) / span) * 100}%`;
  return (
    <div
      ref={box}
      class="c4-progress"
      role="group"
      aria-label="Progress of the solve"
      data-testid={testid}
      data-nodes={searching ? String(p.nodes) : '0'}
      data-lo={searching ? String(p.lo) : ''}
      data-hi={searching ? String(p.hi) : ''}
      data-done={String(done)}
      data-total={String(total)}
    >
      {total > 0 && (
        <label class="c4-progress__done">
          <span>
            {done} of {total} {unit} done{what ? `, now ${what}` : ''}
          </span>
          <progress max={total} value={done} />
        </label>
      )}
      {searching ? (
        <>
          <p class="c4-progress__line">
            <span data-testid={`${testid}-nodes`}>{formatCount(p.nodes)} positions explored</span>, {formatShort(rate)} positions/s.{' '}
            <span data-testid={`${testid}-bounds`}>
              {p.lo === p.hi
                ? `${whose[0].toUpperCase()}${whose.slice(1)} is ${signed(p.lo)}`
                : `${whose[0].toUpperCase()}${whose.slice(1)} is between ${signed(p.lo)} and ${signed(p.hi)}`}
            </span>
            .
          </p>
          <svg class="c4-progress__bounds" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect class="c4-progress__range" x="0" y="3" width="100" height="4" />
            <rect class="c4-progress__known" x={at(p.lo)} y="0" width={`${Math.max(1, ((p.hi - p.lo) / span) * 100)}%`} height="10" />
            <line class="c4-progress__zero" x1="50" x2="50" y1="0" y2="10" />
          </svg>
        </>
      ) : (
        <p class="c4-progress__line">
          Searching… {unit === 'stages' ? '(positions are counted as they go from the bitboard stage on; the generic stages report when done)' : ''}
        </p>
      )}
    </div>
  );
}
