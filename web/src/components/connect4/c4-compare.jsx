// c4-compare.jsx: the stages side by side on the same position: positions
// explored and time for each (and, beside the chain, proof-number search on
// the generic game: positions expanded), as a table and a bar chart (log scale: the
// stages differ by orders of magnitude), with progress and Cancel. A link
// with `stages=` runs it at once (a live figure for a tutorial).
import { useEffect, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { formatCount } from '../../lib/format.js';
import { C4_PN_STAGES, C4_STAGES, C4_STAGE_LABELS, parseSize } from '../../lib/connect4.js';
import { C4Progress } from './c4-progress.jsx';

export const C4_COMPARE_BUDGET = 10_000_000;
const DEFAULT_STAGES = ['bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest'];

/** Every stage Compare runs, in its order: the chain, then proof-number search. */
const ALL_STAGES = [...C4_STAGES, ...C4_PN_STAGES];

/** A link's `stages` (comma-separated names) as a list, or null when absent or wrong. */
export function parseStages(text) {
  if (typeof text !== 'string' || !text) return null;
  const names = text.split(',');
  return names.length <= ALL_STAGES.length && names.every((n) => ALL_STAGES.includes(n)) ? ALL_STAGES.filter((s) => names.includes(s)) : null;
}

export function C4Compare({ size, moves, initial = {}, embed, onRun }) {
  const linked = parseStages(initial.stages);
  const [chosen, setChosen] = useState(linked ?? DEFAULT_STAGES);
  const solver = useSolver('connect-four');
  const result = solver.result?.kind === 'compare' ? solver.result : null;
  const run = (stages = chosen) => {
    onRun?.(stages);
    return solver.solve({ kind: 'compare', size, moves, stages, budget: C4_COMPARE_BUDGET });
  };
  useEffect(() => {
    if (linked) run(linked);
  }, []);
  const toggle = (s, on) => setChosen(ALL_STAGES.filter((x) => (x === s ? on : chosen.includes(x))));
  const box = (s) => (
    <label class="c4-check">
      <input type="checkbox" checked={chosen.includes(s)} data-testid={`c4-stage-${s}`} onChange={(e) => toggle(s, e.currentTarget.checked)} />
      {C4_STAGE_LABELS[s]}
    </label>
  );
  const fresh = result && result.size === size && result.moves === moves;
  // Compare runs by its button: a change of the ticks waits for it, and the status says the table is of other stages (use-solver.js, rule 5).
  const ticked = result && [...result.runs.map((r) => r.stage)].sort().join(',') === [...chosen].sort().join(',');
  return (
    <section class="panel c4-compare" aria-label="The stages compared" data-testid="c4-compare">
      <h2 class="panel-title">The stages side by side</h2>
      {!embed && (
        <>
          <fieldset class="c4-compare__stages">
            <legend>Stages to run on this position (each includes the ones before it)</legend>
            {C4_STAGES.map(box)}
          </fieldset>
          <fieldset class="c4-compare__stages">
            <legend>Beside them, proof-number search on the generic game (its positions are positions expanded)</legend>
            {C4_PN_STAGES.map(box)}
          </fieldset>
          <div class="c4-controls__row">
            <button type="button" data-testid="c4-compare-run" disabled={!chosen.length} onClick={() => run()}>
              Compare
            </button>
            {solver.solving && (
              <button type="button" data-testid="c4-compare-cancel" onClick={() => solver.cancel()}>
                Cancel
              </button>
            )}
            <span class="c4-note">Each stage stops at {formatCount(C4_COMPARE_BUDGET)} positions.</span>
          </div>
        </>
      )}
      <p
        role="status"
        data-testid="c4-compare-status"
        data-state={solver.solving ? 'running' : result ? 'done' : 'idle'}
        data-stale={result && !solver.solving && (!fresh || !ticked) ? 'true' : 'false'}
      >
        {solver.solving
          ? 'Running…'
          : result
            ? `${result.runs.length} stages on ${result.moves === '' ? 'the empty board' : `moves ${result.moves}`} (${result.size})${fresh ? '' : ', not the position shown now'}${ticked ? '' : ', not the stages ticked now: Compare runs those'}.`
            : 'Pick stages and press Compare.'}
      </p>
      {solver.solving && <C4Progress progress={solver.progressSignal} unit="stages" range={scoreRange(size, moves)} testid="c4-compare-progress" />}
      {solver.error && !solver.solving && (
        <p class="tree-app__error" role="alert">
          {solver.error}
        </p>
      )}
      {result && (
        <>
          <table class="c4-compare__table" data-testid="c4-compare-table">
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">Score</th>
                <th scope="col">Positions</th>
                <th scope="col">Time</th>
                <th scope="col">Positions / s</th>
              </tr>
            </thead>
            <tbody>
              {result.runs.map((r) => (
                <tr data-stage={r.stage} data-nodes={r.nodes} data-score={r.error ? '' : r.score}>
                  <th scope="row">{C4_STAGE_LABELS[r.stage]}</th>
                  <td>{r.error ? 'over budget' : r.score}</td>
                  <td>
                    {r.error ? '> ' : ''}
                    {formatCount(r.nodes)}
                    {C4_PN_STAGES.includes(r.stage) ? ' expanded' : ''}
                  </td>
                  <td>{r.ms < 10 ? r.ms.toFixed(1) : Math.round(r.ms).toLocaleString('en-US')} ms</td>
                  <td>{r.ms > 0 ? formatCount(Math.round((r.nodes / r.ms) * 1000)) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <CompareChart runs={result.runs} />
          <Probes runs={result.runs} />
        </>
      )}
    </section>
  );
}

/** The largest score magnitude on the position: floor((w * h + 1 - stones) / 2). */
function scoreRange(size, moves) {
  const { w, h } = parseSize(size);
  return Math.max(1, Math.floor((w * h + 1 - moves.length) / 2));
}

/** Horizontal bars of positions explored, on a log scale (one grid line per power of ten). */
function CompareChart({ runs }) {
  const max = Math.max(10, ...runs.map((r) => r.nodes));
  const decades = Math.ceil(Math.log10(max));
  const rowH = 26;
  const left = 150;
  const width = 560;
  const plot = width - left - 70;
  const x = (n) => (n <= 1 ? 0 : (Math.log10(n) / decades) * plot);
  const height = runs.length * rowH + 24;
  return (
    <svg
      class="c4-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Positions explored by each stage, log scale: ${runs.map((r) => `${C4_STAGE_LABELS[r.stage]} ${formatCount(r.nodes)}`).join(', ')}`}
      data-testid="c4-compare-chart"
    >
      {Array.from({ length: decades + 1 }, (_, d) => (
        <g>
          <line class="c4-chart__grid" x1={left + (d / decades) * plot} x2={left + (d / decades) * plot} y1={0} y2={runs.length * rowH} />
          <text class="c4-chart__tick" x={left + (d / decades) * plot} y={runs.length * rowH + 16}>
            10{supers(d)}
          </text>
        </g>
      ))}
      {runs.map((r, i) => (
        <g>
          <text class="c4-chart__label" x={left - 8} y={i * rowH + rowH / 2 + 4}>
            {C4_STAGE_LABELS[r.stage]}
          </text>
          <rect
            class={`c4-chart__bar${r.error ? ' c4-chart__bar--over' : ''}`}
            x={left}
            y={i * rowH + 4}
            width={Math.max(1, x(r.nodes))}
            height={rowH - 8}
            data-stage={r.stage}
          />
          <text class="c4-chart__value" x={left + x(r.nodes) + 4} y={i * rowH + rowH / 2 + 4}>
            {r.error ? '> ' : ''}
            {formatCount(r.nodes)}
          </text>
        </g>
      ))}
    </svg>
  );
}

const SUP = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const supers = (d) =>
  String(d)
    .split('')
    .map((ch) => SUP[Number(ch)])
    .join('');

/** The null-window probes of the stages from iterative on: each window, its answer and the bounds it left. */
function Probes({ runs }) {
  const withProbes = runs.filter((r) => r.probes?.length);
  if (!withProbes.length) return null;
  return (
    <div class="c4-probes" data-testid="c4-probes">
      <h3 class="c4-probes__title">Null windows: how the root's search closes in on the score</h3>
      <p class="c4-note">
        From "Null windows" on, the root is searched with windows one wide, [m, m + 1]: an answer above m proves the score is at least the answer, otherwise at
        most; each probe halves the bounds [lo, hi] until they meet.
      </p>
      {withProbes.map((r) => (
        <details data-stage={r.stage} open={r === withProbes.at(-1)}>
          <summary>
            {C4_STAGE_LABELS[r.stage]}: {r.probes.length} {r.probes.length === 1 ? 'probe' : 'probes'}
          </summary>
          <ol class="c4-probes__list">
            {r.probes.map((p, i) => {
              const before = i === 0 ? null : r.probes[i - 1];
              const positions = p.nodes - (before ? before.nodes : 0);
              const low = p.answer > p.window[0];
              return (
                <li data-lo={p.lo} data-hi={p.hi}>
                  window [{p.window[0]}, {p.window[1]}] → {low ? `at least ${p.answer}` : `at most ${p.answer}`}; bounds now [{p.lo}, {p.hi}] (
                  {formatCount(positions)} positions)
                </li>
              );
            })}
          </ol>
        </details>
      ))}
    </div>
  );
}
