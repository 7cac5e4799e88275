import { useEffect, useMemo, useState } from 'preact/hooks';
import { GDL_MAX_STATES, gdlBudgetMiB } from '../../lib/engine-limits.js';
import { gdlProgressRoom, gdlProgressWords, searchLineWords, searchProgressWords, solvingWords } from '../../lib/gdl-search.js';
import { ProgressWords, WorkRow } from '../work-row/index.jsx';

/**
 * A solve under way: Cancel in its own column (the last graph stays), and
 * beside it the seconds it has taken and the worker's progress: states
 * found while enumerating, the memory the solve will hold once that is
 * known (said before it is taken), then which retrograde solve of how many
 * and its ply, or the search's depth and its best line so far (a line of
 * its own, cut at the width). It re-renders only itself (the progress is a
 * signal); Cancel keeps its place and its element while it ticks, and the
 * words keep the room of the longest message, so the player below stays put.
 */
export function GdlSolving({ onCancel, progress }) {
  const [tenths, setTenths] = useState(0);
  useEffect(() => {
    const t0 = performance.now();
    const tick = setInterval(() => setTenths(Math.floor((performance.now() - t0) / 100)), 100);
    return () => clearInterval(tick);
  }, []);
  const room = useMemo(() => gdlProgressRoom({ maxStates: GDL_MAX_STATES, budgetMiB: gdlBudgetMiB() }), []);
  const p = progress.value;
  const words = p && (p.phase === 'search' ? searchProgressWords({ ...p, pv: [] }) : gdlProgressWords(p));
  return (
    <WorkRow
      class="gdl__solving"
      data-testid="gdl-progress"
      data-tenths={tenths}
      data-phase={p?.phase ?? ''}
      data-states={p?.states ?? 0}
      controls={
        <button type="button" onClick={onCancel} data-testid="gdl-cancel">
          Cancel
        </button>
      }
    >
      <ProgressWords room={room}>
        {solvingWords(tenths)}
        {words && <span class="gdl__phase"> {words}</span>}
      </ProgressWords>
      <ProgressWords class="gdl__pv" room={['best line so far']}>
        {p?.phase === 'search' ? searchLineWords(p) : ''}
      </ProgressWords>
    </WorkRow>
  );
}
