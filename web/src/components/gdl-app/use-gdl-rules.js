// use-gdl-rules.js: the rules in the editor and how they are solved: typed
// (solved after a pause), an example picked, a "Solve by" picked (solved at
// once, use-solver.js rule 1), or the link's.
import { useEffect, useRef, useState } from 'preact/hooks';
import { EXAMPLES } from './examples.js';
import { ALGOS } from './gdl-pickers.jsx';

/** The solve starts this long after the last keystroke. */
export const PAUSE_MS = 300;
const FIRST_EXAMPLE = 'tic';

/**
 * `asked`: the link's values (input, algo); `solver`: use-gdl-solver.js.
 * The first rules are the link's, else the first example's.
 * { text, example, algo, onType(text), pick(example id), pickAlgo(id) }
 */
export function useGdlRules(asked, solver) {
  const [text, setText] = useState(asked.input ?? '');
  const [example, setExample] = useState(asked.input === undefined ? '' : 'custom');
  const [algo, setAlgo] = useState(asked.algo ?? 'auto');
  const algoRef = useRef(algo);
  algoRef.current = algo;
  const timer = useRef(0);
  const typed = useRef(false);

  const run = (rules, tag = null, how = algoRef.current) => {
    if (rules.trim()) solver.solve(rules, tag, ALGOS.find((a) => a.id === how)?.worker ?? 'auto');
  };
  const pickAlgo = (id) => {
    setAlgo(id);
    algoRef.current = id;
    clearTimeout(timer.current);
    run(text, null, id);
  };

  useEffect(() => {
    if (asked.input !== undefined) {
      run(asked.input, 'link');
      return;
    }
    const first = EXAMPLES.find((e) => e.id.includes(FIRST_EXAMPLE)) ?? EXAMPLES[0];
    if (!first) return;
    first.load().then((t) => {
      if (typed.current) return;
      setText(t);
      setExample(first.id);
      run(t);
    });
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onType = (next) => {
    typed.current = true;
    setText(next);
    setExample('custom');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => run(next), PAUSE_MS);
  };
  const pick = (id) => {
    const ex = EXAMPLES.find((e) => e.id === id);
    if (!ex) return;
    typed.current = true;
    clearTimeout(timer.current);
    setExample(id);
    ex.load().then((t) => {
      setText(t);
      run(t);
    });
  };

  return { text, example, algo, onType, pick, pickAlgo };
}
