import { answerWords } from '../../lib/outcomes.js';
import { formatCount, formatMs } from '../../lib/format.js';
import { cmMemoryWords, cmProgressRoom, cmProgressWords } from '../../lib/progress-words.js';
import { ProgressWords, WorkRow } from '../work-row/index.jsx';
import './result-summary.css';

const ROOM = cmProgressRoom();

const ALGO_NAMES = {
  retrograde: 'retrograde BFS coloring',
  'naive-dfs': 'naive DFS minimax',
  'memo-dfs': 'DFS with memo (flawed)',
};

/** The answer in words, the progress while solving (a signal: use-solver.js), the solver's counts and what the trace holds. */
export function ResultSummary({ result, solving, progress, stale, onCancel = null, run = 0 }) {
  const search = result && (result.algo === 'naive-dfs' || result.algo === 'memo-dfs');
  const answer = result ? result.answer : null;
  return (
    <section class="summary" aria-labelledby="answer-heading">
      <h2 class="summary__heading" id="answer-heading">
        Answer{result?.algo && ` · ${ALGO_NAMES[result.algo]}`}
      </h2>
      <p class="summary__answer">
        <strong data-testid="answer" aria-live="polite">
          {result ? (answer === null ? 'No answer' : answerWords(answer)) : ''}
        </strong>
        {result && answer !== null && (
          <span class="summary__output">
            LeetCode output <code data-testid="answer-code">{answer}</code>
          </span>
        )}
      </p>
      {search && (
        <p class="summary__truth" data-testid="truth">
          Retrograde (correct): {answerWords(result.truth.answer)}
          {result.answer !== null && result.answer !== result.truth.answer && <strong> — the search is wrong</strong>}
        </p>
      )}
      {solving && <SolveProgress progress={progress} onCancel={onCancel} />}
      {result && (
        <p
          class="summary__stats"
          data-testid="stats"
          data-run={run}
          data-ms={Math.round(result.ms ?? 0)}
          data-solve-ms={result.solveMs === undefined ? undefined : Math.round(result.solveMs)}
          data-reused={result.reused === undefined ? undefined : String(result.reused)}
          data-heap={result.heapBytes}
        >
          {search
            ? `${formatCount(2 * result.n * result.n)} states · ${formatCount(result.stats.nodes)} entered · ${formatCount(result.stats.cycles)} cycle cuts`
            : `${formatCount(result.stats.states)} states · ${formatCount(result.stats.relaxations)} relaxations`}{' '}
          · {formatMs(result.ms ?? 0)}
          {result.reused && ' · memory reused'}
        </p>
      )}
      {result && (
        <p class="summary__trace" data-testid="trace-note" data-mode={result.traceMode}>
          {traceNote(result)}
        </p>
      )}
      {result && stale && <p class="summary__stale">Still showing the result for the last valid graph.</p>}
    </section>
  );
}

function traceNote(result) {
  const events = result.trace ? result.trace.length / 4 : 0;
  const cut = result.truncated ? ` The trace was cut at ${formatCount(events)} events; the animation stops there.` : '';
  if (result.traceMode === 'coarse') {
    return `A big graph: only the decisions are animated (coarse trace: ${formatCount(events)} SEED and COLOR events; no queue or counters).${cut}`;
  }
  if (result.traceMode === 'none') {
    return `A very big graph (${formatCount(2 * result.n * result.n)} states): played layer by layer, the states decided at each remoteness (no event trace).`;
  }
  return `Every step is animated: ${formatCount(events)} events.${cut}`;
}

/**
 * A running solve: Cancel in its own column (the last result stays), and
 * beside it how far the solve is (states decided of all states, the layer
 * it is on, the reverse edges looked at) and the memory it takes, said
 * before it starts working. Each line of words keeps the room of its
 * longest message from the first message on, so neither Cancel nor
 * anything under the summary (the player) moves while a press on it is
 * held. data-* carry the numbers for tests.
 */
function SolveProgress({ progress: signal, onCancel }) {
  const progress = signal.value; // only this part re-renders with each message
  const states = progress?.states ?? 0;
  const decided = progress?.decided ?? 0;
  const relaxations = progress?.relaxations ?? 0;
  const bytes = progress?.bytes;
  return (
    <WorkRow
      class="summary__progress"
      role="status"
      data-testid="progress"
      data-decided={decided}
      data-states={states}
      data-ply={progress?.ply ?? 0}
      data-relaxations={relaxations}
      data-bytes={bytes}
      data-reused={progress?.reused === undefined ? undefined : String(progress.reused)}
      controls={
        onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )
      }
    >
      {states > 0 ? <progress aria-label="Solving" max={states} value={decided} /> : <progress aria-label="Solving" />}
      <ProgressWords class="summary__progress-text" room={ROOM.words}>
        {cmProgressWords(progress)}
      </ProgressWords>
      <ProgressWords class="summary__memory" room={ROOM.memory} data-testid={bytes > 0 ? 'memory' : undefined}>
        {cmMemoryWords(progress)}
      </ProgressWords>
    </WorkRow>
  );
}
