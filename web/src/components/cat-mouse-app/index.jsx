import { Fragment } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { applyLink, startEmbedClock } from '../../hooks/use-view-state.js';
import { useSolver } from '../../hooks/use-solver.js';
import { usePlay } from '../../hooks/use-play.js';
import { useShare } from '../../hooks/use-share.js';
import { readInitial, RULES } from '../../lib/initial.js';
import { rules913 } from '../../lib/play.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { INVALID, startState, TURN_CAT, TURN_MOUSE } from '../../lib/outcomes.js';
import { catMouseStateCount, catMouseStateGraph, stateName } from '../../lib/catmouse.js';
import { NODE_LIMIT, POINT_LIMIT } from '../../lib/state-graph.js';
import { addReverseEdges, graphToLists, graphToText, listsToGraph, readGraphText } from '../../lib/graph-edit.js';
import { layoutGraph } from '../../lib/graph-layout.js';
import { COUNTEREXAMPLE, EXAMPLE_1, PRESETS } from '../../lib/presets.js';
import { buildModel } from '../../player/build-model.js';
import { createPlayerStore } from '../../player/store.js';
import { AlgoPicker } from '../algo-picker/index.jsx';
import { Board } from '../board/index.jsx';
import { GraphInput } from '../graph-input/index.jsx';
import { Legend } from '../legend/index.jsx';
import { Neighbourhood } from '../neighbourhood/index.jsx';
import { OutcomeGrid } from '../outcome-grid/index.jsx';
import { PlayPanel } from '../play-panel/index.jsx';
import { PlayerControls } from '../player-controls/index.jsx';
import { Presets } from '../presets/index.jsx';
import { Pseudocode } from '../pseudocode/index.jsx';
import { QueuePanel } from '../queue-panel/index.jsx';
import { RandomGraph } from '../random-graph/index.jsx';
import { LazyStateGraph as StateGraph } from '../state-graph/lazy.js';
import { LayerHistogram } from '../layer-histogram/index.jsx';
import { ResultSummary } from '../result-summary/index.jsx';
import { CounterexampleExplanation } from '../search-report/counterexample.jsx';
import { SearchReport } from '../search-report/index.jsx';
import { WhyPanel } from '../why-panel/index.jsx';
import './app.css';

/** The state graph's looks in Cat and Mouse's words (player 0 is the mouse). */
const GRAPH_WORDS = { win0: 'mouse wins', win1: 'cat wins', draw: 'draw', undecided: 'undecided', invalid: 'not a state' };

export { EXAMPLE_1 };
const DEFAULT_BUDGET = 200_000;
const COUNTEREXAMPLE_KEY = graphToText(readGraphText(COUNTEREXAMPLE));

const ALGOS = ['retrograde', 'naive-dfs', 'memo-dfs'];

/** A result's graph as adjacency lists and as its text, made once a result: a 2,000-node graph's text is a megabyte. */
const graphs = new WeakMap();
function graphOf(result) {
  let g = graphs.get(result);
  if (!g) {
    const lists = graphToLists(result);
    g = { lists, key: graphToText(lists) };
    graphs.set(result, g);
  }
  return g;
}
const MAX_BUDGET = 5_000_000; // the budget field's own limit (algo-picker)
const INITIAL_RULES = {
  input: RULES.input,
  algo: RULES.oneOf(ALGOS),
  budget: (v) =>
    /^\d{1,7}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_BUDGET
      ? { value: Number(v) }
      : { error: `not a whole number from 1 to ${MAX_BUDGET.toLocaleString('en-US')}` },
  step: RULES.count,
  sel: RULES.count,
};

/**
 * The Cat and Mouse pillar (LeetCode 913): solve, play the trace, explain,
 * and play against the solver. Follows pillars.js: `initial` (input, algo,
 * step, sel) is read as data, `onShare` gets what reproduces the view,
 * `embed` keeps the board, the grids and the player only.
 */
export function CatMouseApp({ theme, initial = null, onShare = null, embed = null }) {
  const asked = useMemo(() => readInitial(initial, INITIAL_RULES), []);
  const solver = useSolver('cat-mouse');
  const store = useMemo(() => createPlayerStore(), []);
  usePlayerKeys(store);
  const [text, setText] = useState(asked.values.input ?? EXAMPLE_1);
  const [algo, setAlgo] = useState(asked.values.algo ?? 'retrograde');
  const [budget, setBudget] = useState(asked.values.budget ?? DEFAULT_BUDGET);
  const [edited, setEdited] = useState(null); // { key, pos }: positions the editor chose
  const [hints, setHints] = useState(false);
  const [problems, setProblems] = useState(asked.problems);
  const pending = useRef(asked.values); // step and sel to apply to the first result
  const seed = useRef(0);
  // Typing counts edits, so a random graph that arrives while the person is
  // typing does not overwrite what they typed.
  const edits = useRef(0);
  const onType = (next) => {
    edits.current += 1;
    setText(next);
  };
  /** Shows a random graph's text when it arrives, unless the person typed since asking. */
  const runRandom = (request, options) => {
    const at = edits.current;
    run(request, options).then((r) => r && edits.current === at && setText(r.input));
  };
  // What every view draws: the store's model and the result it was built
  // from, one pair (store.js). The solver's newer result reaches the views
  // only through load() below, with its own cursor and selected state.
  const shownModel = store.model.value;
  const result = shownModel?.result ?? null;

  const run = (request, options = {}) =>
    solver.solve({ algo: options.algo ?? algo, budget: options.budget ?? budget, trace: 'auto', ...request }, { tag: options.tag });

  useEffect(() => {
    run({ input: asked.values.input ?? EXAMPLE_1 }, { tag: 'link' });
  }, []);

  // A new result: a new trace to play, shown at its end (the answer), or at
  // the link's step and state the first time.
  const resultKey = result ? graphOf(result).key : '';
  const solved = solver.result;
  useEffect(() => {
    if (!solved) return;
    const model = buildModel(solved);
    model.result = solved;
    model.request = solver.request; // what the link says of it
    // The selected state carries over to a graph of the same size, else the start.
    const before = store.model.peek();
    const s = store.selected.peek();
    const keep = before && before.result.n === solved.n && s >= 0 && s < model.nstates;
    store.load(model, { at: 'end', select: keep ? s : startState(solved.n) });
    // The link's step and sel belong to the link's own graph: a newer request
    // that replaced it before its answer came does not take them.
    const link = solver.tag === 'link' ? pending.current : {};
    if (solver.tag !== 'link' && (pending.current.step !== undefined || pending.current.sel !== undefined)) {
      setProblems((p) => [...p, "Ignored the link's step and sel: a newer request replaced the linked graph before it was solved."]);
    }
    pending.current = {};
    const late = applyLink(store, model, link, { validSel: (s) => s < model.nstates && model.values[s] !== INVALID, what: 'graph' });
    if (late.length) setProblems((p) => [...p, ...late]);
    startEmbedClock(store, embed, { hasStep: link.step !== undefined });
  }, [solved]);

  // The link: the graph, algorithm and budget of the answer shown (use-solver.js, rule 3).
  const shownBudget = result?.algo === 'naive-dfs' ? (shownModel.request?.budget ?? DEFAULT_BUDGET) : DEFAULT_BUDGET;
  useShare(
    onShare,
    store,
    () => (result ? { input: resultKey, algo: result.algo, budget: shownBudget === DEFAULT_BUDGET ? undefined : String(shownBudget) } : null),
    [result],
  );

  // A game against the solver on the solved graph (the true outcomes).
  const tables = result && (result.algo === 'naive-dfs' || result.algo === 'memo-dfs') ? result.truth : result;
  const rules = useMemo(() => (result ? rules913(result) : null), [result]);
  const play = usePlay(rules, tables, result);

  // The board follows the text while it can be drawn, else the last result.
  // A random graph's text arrives with its result: its lists are the result's, not read again.
  const ownText = solved && text === solved.input ? solved : null;
  const typed = useMemo(() => (ownText ? graphOf(ownText).lists : readGraphText(text)), [text, ownText]);
  const boardLists = typed ?? (result ? graphOf(result).lists : null);
  const boardKey = useMemo(() => {
    for (const r of [solved, result]) if (r && graphOf(r).lists === boardLists) return graphOf(r).key;
    return boardLists ? graphToText(boardLists) : '';
  }, [boardLists]);
  const boardGraph = useMemo(() => (boardLists ? listsToGraph(boardLists) : null), [boardKey]);
  const positions = useMemo(() => {
    if (!boardGraph) return null;
    if (edited?.key === boardKey && edited.pos.length === 2 * boardGraph.n) return edited.pos;
    return layoutGraph(boardGraph);
  }, [boardGraph, edited]);

  const pick = (preset) => {
    const nextAlgo = preset.algo ?? algo;
    if (preset.algo) setAlgo(preset.algo);
    if (preset.input) {
      setText(preset.input);
      run({ input: preset.input }, { algo: nextAlgo });
      return;
    }
    seed.current += 1;
    runRandom({ random: { ...preset.random, seed: seed.current } }, { algo: nextAlgo });
  };
  const makeRandom = (random) => {
    runRandom({ random });
  };
  // One-sided edges: offer to add the missing reverse edges and solve.
  const oneSided = useMemo(() => (solver.error && !solver.failed ? addReverseEdges(text) : null), [solver.error, solver.failed, text]);
  const reverseFix = oneSided && {
    added: oneSided.added,
    apply: () => {
      onType(oneSided.text);
      run({ input: oneSided.text });
    },
  };
  const changeAlgo = (next) => {
    setAlgo(next);
    run({ input: text }, { algo: next });
  };
  const changeBudget = (next) => {
    setBudget(next);
    if (algo === 'naive-dfs') run({ input: text }, { budget: next });
  };
  const onEdit = (lists, pos) => {
    const next = graphToText(lists);
    setEdited({ key: next, pos });
    setText(next);
    run({ input: next });
  };

  const isSearch = result && (result.algo === 'naive-dfs' || result.algo === 'memo-dfs');
  const truth = isSearch ? result.truth : result;
  const explanation = result?.algo === 'memo-dfs' && resultKey === COUNTEREXAMPLE_KEY ? <CounterexampleExplanation onEvent={(i) => store.seek(i + 1)} /> : null;

  // The state graph: built here and drawn in detail while small (state-graph.js); past that,
  // built and laid out as points by the layout worker (state-graph/use-points-layout.js), so
  // the main thread stays free for clicks while a big graph is laid out (races.spec.js).
  const stateGraph = useMemo(() => {
    if (!result) return null;
    const count = catMouseStateCount(result.n);
    if (count <= NODE_LIMIT) return catMouseStateGraph(result);
    if (count > POINT_LIMIT) return { count, targets: null };
    return { count, source: { kind: 'catmouse', n: result.n, offsets: result.offsets, adjacency: result.adjacency } };
  }, [result]);
  const final = useMemo(() => (truth?.outcomes ? { values: truth.outcomes, remoteness: truth.remoteness } : null), [truth]);
  const n = result?.n ?? 0;

  const controls = embed?.controls ?? 'full';
  const shownState = play.playing ? play.state : boardKey === resultKey ? store.selected.value : -1;
  const notices = problems.length > 0 && (
    <ul class="app__notices" role="status" data-testid="link-problems">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
  const board = (
    <div class="panel">
      <Board
        graph={boardGraph}
        positions={positions}
        state={shownState}
        stateGraphN={result?.n ?? 0}
        onEdit={embed ? null : onEdit}
        play={play.playing && boardKey === resultKey ? { moves: play.moves, hints, onMove: play.move } : null}
      />
    </div>
  );
  const grids = (
    <section class="app__grids" aria-label="Outcome of every position">
      <OutcomeGrid store={store} turn={TURN_MOUSE} title="Mouse to move" testId="grid-mouse" theme={theme} truth={isSearch ? truth : null} />
      <OutcomeGrid store={store} turn={TURN_CAT} title="Cat to move" testId="grid-cat" theme={theme} truth={isSearch ? truth : null} />
    </section>
  );

  if (embed) {
    // The link's `view` picks among the board, the grids, the state graph and (a solve played by layers) the
    // histogram, shown in the order named; without one, the board and the grids.
    const views = embed.views ?? new Set(['board', 'grids']);
    const layered = store.model.value?.algo === 'layers';
    const parts = {
      board,
      grids,
      graph: (
        <div class="panel">
          <StateGraph store={store} sg={stateGraph} final={final} nameOf={(s) => stateName(n, s)} words={GRAPH_WORDS} theme={theme} />
        </div>
      ),
      histogram: layered ? (
        <div class="panel">
          <LayerHistogram store={store} />
        </div>
      ) : null,
    };
    return (
      <main class="app app--embed">
        {notices}
        {controls !== 'none' && <PlayerControls store={store} variant={controls} />}
        <div class="app__main" data-export-frame>
          {[...views].map((v) => (parts[v] ? <Fragment key={v}>{parts[v]}</Fragment> : null))}
        </div>
      </main>
    );
  }

  return (
    <main class="app">
      {notices}
      <div class="app__top">
        <div class="app__input">
          <GraphInput value={text} onInput={onType} onSolve={() => run({ input: text })} error={solver.failed ? null : solver.error} fix={reverseFix}>
            <Presets presets={PRESETS} onPick={pick} />
          </GraphInput>
          {solver.failed && (
            <p class="solver-failure" role="alert" data-testid="solver-failure">
              {solver.error}
              {result ? ' The graph below is the last one that solved.' : ''}
            </p>
          )}
          <RandomGraph onMake={makeRandom} />
        </div>
        <div class="app__side">
          <AlgoPicker algo={algo} onChange={changeAlgo} budget={budget} onBudget={changeBudget} />
          <ResultSummary
            result={solver.failed ? null : result}
            solving={solver.solving}
            progress={solver.progressSignal}
            stale={Boolean(solver.error)}
            onCancel={solver.cancel}
            run={solver.runs}
          />
          <Legend />
        </div>
      </div>
      <PlayerControls store={store} />
      <div class="app__views">
        <div class="app__main" data-export-frame>
          {board}
          {grids}
        </div>
        <div class="app__aside">
          <div class="panel">
            <PlayPanel
              play={play}
              place={{ kind: 'node', name: (v) => `Node ${v}` }}
              hints={hints}
              onHints={setHints}
              ready={Boolean(result) && boardKey === resultKey}
            />
          </div>
          {isSearch && (
            <div class="panel">
              <SearchReport store={store} result={result} explanation={explanation} />
            </div>
          )}
          <div class="panel">
            <Pseudocode store={store} />
          </div>
          <div class="panel">
            <QueuePanel store={store} />
          </div>
          <div class="panel">
            <Neighbourhood store={store} />
          </div>
          <div class="panel">
            <WhyPanel store={store} final={truth} />
          </div>
        </div>
      </div>
      {/* The state graph: a view of its own, full width, outside the exported frame (board and grids). */}
      <div class="panel">
        <StateGraph store={store} sg={stateGraph} final={final} nameOf={(s) => stateName(n, s)} words={GRAPH_WORDS} theme={theme} />
      </div>
    </main>
  );
}
