import { chessBuildRoom, chessBuildWords } from '../../lib/progress-words.js';
import { ProgressWords, WorkRow } from '../work-row/index.jsx';

export { pliesOf } from '../../player/chess-model.js';

const ROOM = chessBuildRoom();

/**
 * The build: a progress bar (tables done, positions decided in the one
 * being built), the positions decided per ply as bars growing while the BFS
 * runs, and Cancel in its own column beside the words (work-row.jsx).
 * Once built, the same bars are the coarse trace the ply cursor walks
 * (`cursor`, `mark`: the selected position's ply).
 */
export function BuildPanel({ progress, perPly, cursor = null, mark = null, onCancel, onPly }) {
  const layers = perPly ?? [];
  const max = Math.max(1, ...layers);
  const w = Math.max(layers.length, 1);
  const building = progress !== null;
  const frac = building && progress.tables ? (progress.table + (progress.states ? progress.decided / progress.states : 0)) / progress.tables : 1;
  return (
    <section class="chess-build" aria-label="Table build" data-testid="chess-build">
      {building && (
        <WorkRow
          class="chess-build__progress"
          controls={
            <button type="button" onClick={onCancel} data-testid="chess-cancel">
              Cancel
            </button>
          }
        >
          <progress max="1" value={Math.min(1, frac)} aria-label="Building the table" data-testid="chess-progress" />
          <ProgressWords room={ROOM} aria-live="polite">
            {chessBuildWords(progress)}
          </ProgressWords>
        </WorkRow>
      )}
      <svg
        class="chess-hist"
        viewBox={`0 0 ${w} 10`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Positions decided per ply: ${layers
          .map((v, i) => `ply ${i}: ${v}`)
          .slice(0, 80)
          .join(', ')}`}
        data-testid="chess-hist"
        data-layers={layers.length}
        onClick={(e) => {
          if (!onPly || building) return;
          const r = e.currentTarget.getBoundingClientRect();
          onPly(Math.min(layers.length - 1, Math.max(0, Math.floor(((e.clientX - r.left) / r.width) * w))));
        }}
      >
        {layers.map((v, i) => (
          <rect
            class={`chess-hist__bar ${i % 2 ? 'chess-hist__bar--win' : 'chess-hist__bar--loss'} ${cursor !== null && i > cursor ? 'chess-hist__bar--later' : ''} ${i === mark ? 'chess-hist__bar--mark' : ''}`}
            x={i + 0.1}
            width="0.8"
            y={10 - (10 * v) / max}
            height={(10 * v) / max}
          />
        ))}
      </svg>
      <p class="chess-hist__axis">
        <span>ply 0 (checkmates)</span>
        <span>
          <span class="chess-key chess-key--win" /> the side to move mates · <span class="chess-key chess-key--loss" /> it is mated
        </span>
        <span>ply {Math.max(0, layers.length - 1)}</span>
      </p>
    </section>
  );
}
