import { stepAt } from '../../player/events.js';
import './pseudocode.css';

// The three algorithms in our words; `step` is the number the C solvers
// give their steps (retrograde.c, dfs.c) and the trace records.
const RETROGRADE = [
  {
    step: 1,
    text: 'Seed: decide every state where the game is over (mouse in the hole: mouse wins; cat on the mouse: cat wins) and queue it. Every other state gets a counter: its number of moves.',
  },
  { step: 2, text: 'Pop the state s at the head of the queue; w is its winner.' },
  { step: 3, text: 'For each parent p of s (a state with a move into s) still undecided:' },
  { step: 4, indent: 1, text: "If p's mover is w, p wins by moving to s: decide p for w, queue it." },
  { step: 5, indent: 1, text: "Otherwise that move loses for p's mover: counter[p] -= 1." },
  { step: 6, indent: 2, text: 'If counter[p] is 0, every move of p loses: decide p for w, queue it.' },
  { step: 'end', text: 'When the queue is empty, every state never decided is a draw.' },
];

const DFS = (memo) => [
  { text: 'solve(s):' },
  { step: 1, indent: 1, text: 'If the game is over at s, return its winner.' },
  ...(memo ? [{ step: 2, indent: 1, text: 'If memo[s] is known, return memo[s].' }] : []),
  { step: 3, indent: 1, text: 'If s is on the current path, return draw.   (the cycle check)' },
  { step: 4, indent: 1, text: 'Put s on the path.' },
  { step: 5, indent: 1, text: 'For each move s → t: r = solve(t).' },
  {
    step: 6,
    indent: 2,
    text: `If r is a win for s's mover: take s off the path,${memo ? ' memo[s] = r,' : ''} return r. (A draw: remember that one is possible.)`,
  },
  {
    step: 7,
    indent: 1,
    text: `Take s off the path; best = draw if one was possible, else a loss;${memo ? ' memo[s] = best;' : ''} return best.`,
    flaw: memo,
  },
];

const PROGRAMS = {
  retrograde: { title: 'Retrograde BFS coloring', lines: RETROGRADE },
  final: { title: 'Retrograde BFS coloring', lines: RETROGRADE },
  'naive-dfs': { title: 'Naive DFS minimax', lines: DFS(false) },
  'memo-dfs': { title: 'DFS with memo (flawed)', lines: DFS(true) },
};

/** The current algorithm, its current event's step highlighted. */
export function Pseudocode({ store }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  if (!model) return null;
  const program = PROGRAMS[model.algo] ?? PROGRAMS.retrograde;
  const current = cursor - 1;
  let step = current >= 0 && model.trace ? stepAt(model.trace, current) : 0;
  if (model.algo === 'retrograde' && cursor === model.count && model.count > 0 && !model.truncated) step = 'end';
  if (model.algo === 'final') step = 'end';
  if (model.algo === 'layers') step = cursor === model.count && model.count > 0 ? 'end' : current === 0 ? 1 : current > 0 ? 4 : 0;
  return (
    <section class="pseudocode" aria-label="Pseudocode" data-testid="pseudocode" data-step={step}>
      <h2 class="panel-title">{program.title}</h2>
      <ol class="pseudocode__lines">
        {program.lines.map((line, i) => {
          const on = line.step !== undefined && line.step === step;
          return (
            <li
              key={i}
              class={`pseudocode__line${on ? ' pseudocode__line--current' : ''}${line.flaw ? ' pseudocode__line--flaw' : ''}`}
              style={{ paddingLeft: `${0.4 + (line.indent ?? 0) * 1.2}rem` }}
              aria-current={on ? 'step' : undefined}
              data-step={line.step ?? ''}
            >
              <span class="pseudocode__num" aria-hidden="true">
                {typeof line.step === 'number' ? line.step : ''}
              </span>
              <span>{line.text}</span>
            </li>
          );
        })}
      </ol>
      {model.algo === 'memo-dfs' && (
        <p class="pseudocode__flaw-note">
          The flaw: step 7 stores a result that may rest on step 3's "draw", true only for the path of that moment, and step 2 serves it later to callers on
          other paths.
        </p>
      )}
    </section>
  );
}
