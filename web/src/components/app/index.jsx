import { useEffect, useRef, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { useTheme } from '../../hooks/use-theme.js';
import { TURN_CAT, TURN_MOUSE } from '../../lib/outcomes.js';
import { GraphInput } from '../graph-input/index.jsx';
import { Header } from '../header/index.jsx';
import { Legend } from '../legend/index.jsx';
import { OutcomeGrid } from '../outcome-grid/index.jsx';
import { Presets } from '../presets/index.jsx';
import { ResultSummary } from '../result-summary/index.jsx';
import './app.css';

/** LeetCode 913, example 1: the answer is a draw. */
export const EXAMPLE_1 = 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]';

const PRESETS = [
  { label: 'Example 1', input: EXAMPLE_1 },
  { label: 'Example 2', input: 'graph = [[1,3],[0],[3],[0,2]]' },
  { label: 'Trapped mouse', input: 'graph = [[2],[3],[0,3],[1,2]]' },
  { label: 'Random, 60 nodes', random: { n: 60, avgDegree: 3 } },
  { label: 'Random, 2000 nodes', random: { n: 2000, avgDegree: 4 } },
];

export function App() {
  const { theme, toggle } = useTheme();
  const solver = useSolver('cat-mouse');
  const [text, setText] = useState(EXAMPLE_1);
  const seed = useRef(0);

  useEffect(() => {
    solver.solve({ input: EXAMPLE_1 });
  }, []);

  const pick = (preset) => {
    if (preset.input) {
      setText(preset.input);
      solver.solve({ input: preset.input });
      return;
    }
    seed.current += 1;
    solver
      .solve({ random: { ...preset.random, seed: seed.current } })
      .then((result) => result && setText(result.input));
  };

  return (
    <>
      <Header game="Cat and Mouse (LeetCode 913)" theme={theme} onToggleTheme={toggle} />
      <main class="app">
        <div class="app__top">
          <GraphInput
            value={text}
            onInput={setText}
            onSolve={() => solver.solve({ input: text })}
            onCancel={solver.cancel}
            solving={solver.solving}
            error={solver.error}
          >
            <Presets presets={PRESETS} onPick={pick} />
          </GraphInput>
          <div class="app__side">
            <ResultSummary
              result={solver.result}
              solving={solver.solving}
              progress={solver.progress}
              stale={Boolean(solver.error)}
            />
            <Legend />
          </div>
        </div>
        <section class="app__grids" aria-label="Outcome of every position">
          <OutcomeGrid
            result={solver.result}
            turn={TURN_MOUSE}
            title="Mouse to move"
            testId="grid-mouse"
            theme={theme}
          />
          <OutcomeGrid
            result={solver.result}
            turn={TURN_CAT}
            title="Cat to move"
            testId="grid-cat"
            theme={theme}
          />
        </section>
      </main>
    </>
  );
}
