import { Fragment } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { applyLink, startEmbedClock } from '../../hooks/use-view-state.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { useShare } from '../../hooks/use-share.js';
import { formatCount, formatMs } from '../../lib/format.js';
import { gdlAnswer, gdlAnswerWords, gdlModel, gdlStateGraph, gdlStateName, gdlWords } from '../../lib/gdl-result.js';
import { GDL_MAX_STATES, gdlBudgetMiB } from '../../lib/engine-limits.js';
import { readInitial, RULES } from '../../lib/initial.js';
import { createPlayerStore } from '../../player/store.js';
import { PlayerControls } from '../player-controls/index.jsx';
import { LayerHistogram } from '../layer-histogram/index.jsx';
import { StateGraph } from '../state-graph/index.jsx';
import { EXAMPLES } from './examples.js';
import { GdlEditor } from './gdl-editor.jsx';
import { GdlInspector } from './gdl-inspector.jsx';
import { GdlPlay } from './gdl-play.jsx';
import { GdlSearchPlay } from './gdl-search-play.jsx';
import { answeredBy, gdlProgressRoom, gdlProgressWords, searchAnswer, searchAnswerWords, searchLineWords, searchProgressWords, solvingWords } from '../../lib/gdl-search.js';
import { ProgressWords, WorkRow } from '../work-row/index.jsx';
import { GdlTreeLink } from '../gdl-tree-link/index.jsx';
import { useGdlSolver } from './use-gdl-solver.js';
import './gdl-app.css';

/** The solve starts this long after the last keystroke. */
export const PAUSE_MS = 300;
const INITIAL_RULES = { input: RULES.input, step: RULES.count, sel: RULES.count, by: RULES.oneOf(['depth', 'remoteness']), algo: RULES.oneOf(['auto', 'enumerate', 'search']) };
/**
 * How the game is solved, as the command line's --algo: Auto follows its
 * policy (gdl-games.js), Enumerate its retrograde, Search its alphabeta.
 */
export const ALGOS = [
  { id: 'auto', label: 'Auto', worker: 'auto' },
  { id: 'enumerate', label: 'Enumerate', worker: 'retrograde' },
  { id: 'search', label: 'Search', worker: 'search' },
];
const FIRST_EXAMPLE = 'tic';

/**
 * "Your game": rules in the Game Description Language typed (or picked from
 * the examples), checked and solved in the worker after a pause in typing;
 * the state graph coloured as the retrograde trace plays; the selected
 * state's facts and board; a game against the solver. Follows pillars.js:
 * `initial` (input, step, sel, by) is data; the rules from a link are a
 * textarea's value, never HTML.
 */
export function GdlApp({ theme, initial = null, onShare = null, embed = null }) {
  const asked = useMemo(() => readInitial(initial, INITIAL_RULES), []);
  const solver = useGdlSolver();
  const store = useMemo(() => createPlayerStore(), []);
  usePlayerKeys(store);
  const [text, setText] = useState(asked.values.input ?? '');
  const [example, setExample] = useState(asked.values.input === undefined ? '' : 'custom');
  const [by, setBy] = useState(asked.values.by ?? 'depth');
  const [algo, setAlgo] = useState(asked.values.algo ?? 'auto');
  const algoRef = useRef(algo);
  algoRef.current = algo;
  const [problems, setProblems] = useState(asked.problems);
  const pending = useRef(asked.values);
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

  // The first rules: the link's, else the first example.
  useEffect(() => {
    if (asked.values.input !== undefined) {
      run(asked.values.input, 'link');
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

  // What the views draw: the store's model and the result it was built from.
  const shownModel = store.model.value;
  const result = shownModel?.result ?? null;
  const solved = solver.result;
  useEffect(() => {
    if (!solved) return;
    const model = gdlModel(solved);
    store.load(model, { at: 'end', select: 0 });
    const link = solver.tag === 'link' ? pending.current : {};
    pending.current = {};
    const late = applyLink(store, model, link, { validSel: (s) => s >= 0 && s < solved.states, what: 'game' });
    if (late.length) setProblems((p) => [...p, ...late]);
    startEmbedClock(store, embed, { hasStep: link.step !== undefined });
  }, [solved]);

  const sg = useMemo(() => (result ? gdlStateGraph(result) : null), [result]);
  const final = useMemo(() => (result ? { values: result.outcome, remoteness: result.remoteness } : null), [result]);
  const words = useMemo(() => (result ? gdlWords(result) : undefined), [result]);
  useShare(onShare, store, () => (text.trim() ? { input: text, by: by === 'depth' ? undefined : by, algo: algo === 'auto' ? undefined : algo } : null), [text, by, algo]);
  const searched = solver.searched;

  const diagnostics = solver.diagnostics;
  let status = '';
  if (solver.solving) status = 'Solving…';
  else if (solver.failure) status = 'The solver failed inside; the graph shows the last rules that solved.';
  else if (solver.cancelled) status = 'Cancelled; the graph shows the last rules that solved.';
  else if (solver.limit) status = 'Too big for the page; the graph shows the last rules that solved.';
  else if (diagnostics.length) status = `The rules have ${diagnostics.length === 1 ? 'a problem' : `${diagnostics.length} problems`}; the graph shows the last rules that solved.`;
  else if (searched) status = `answered by search: ${formatCount(searched.nodes)} nodes · ${formatMs(searched.searchMs)}`;
  else if (result) {
    status = `${formatCount(result.states)} states, ${formatCount(result.terminalStates ?? 0)} terminal`;
    const ms = result.stats?.ms ?? result.ms;
    if (ms !== undefined) status += ` · solved in ${formatMs(ms)}`;
  }
  const selected = store.selected.value;
  const algoPicker = (
    <label class="gdl__examples">
      Solve by{' '}
      <select value={algo} onChange={(e) => pickAlgo(e.currentTarget.value)} data-testid="gdl-algo" title="Auto enumerates a small game's state graph and searches a big one from its start, as the command line's --algo auto">
        {ALGOS.map((a) => (
          <option value={a.id} key={a.id}>
            {a.label}
          </option>
        ))}
      </select>
    </label>
  );

  const notices = problems.length > 0 && (
    <ul class="gdl__notices" role="status" data-testid="link-problems">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
  const graph = (
    <div class="panel" data-export-frame>
      <StateGraph
        store={store}
        sg={sg}
        final={final}
        nameOf={gdlStateName}
        words={words}
        theme={theme}
        by={by}
        onBy={setBy}
        fallback={shownModel?.algo === 'layers' ? <LayerHistogram store={store} /> : null}
      />
    </div>
  );
  const inspector = (
    <div class="panel">
      <GdlInspector result={result} sg={sg} state={selected} onSelect={(s) => store.select(s)} words={words ?? {}} />
    </div>
  );
  const limit = !solver.solving && solver.limit && (
    <p class="gdl__limit" role="status" data-testid="gdl-limit">
      {solver.limit}
    </p>
  );
  // After a failure inside, no answer is shown: the failure's words stand in
  // its place, and the graph left below is said to be the last rules' that solved.
  const failure = !solver.solving && solver.failure && (
    <p class="solver-failure" role="alert" data-testid="solver-failure">
      {solver.failure}
    </p>
  );
  const shown = solver.failure ? null : (searched ?? result);
  const answer = shown && (
    <Fragment>
      <p class="gdl__answer">
        <strong data-testid="gdl-answer" data-answer={searched ? searchAnswer(searched) : gdlAnswer(result)} data-by={searched ? 'search' : 'enumeration'} data-run={solver.runs}>
          {searched ? searchAnswerWords(searched) : gdlAnswerWords(result)}
        </strong>{' '}
        <span class="gdl__roles">
          {shown.kind === 'puzzle' ? `a one-role puzzle (${shown.roles[0]})` : `${shown.roles.join(' and ')} taking turns`}
        </span>
      </p>
      <p class="gdl__by" data-testid="gdl-answered-by">
        Answered {answeredBy(shown)}
        {searched?.auto ? ' (the state graph was too big for Auto to enumerate)' : ''}.
      </p>
      {searched && <SearchLine result={searched} />}
    </Fragment>
  );

  const noGraph = (
    <p class="panel gdl__no-graph" data-testid="gdl-no-graph">
      No state graph: the answer came from a search, which visits only the states it needs. Choose Enumerate to draw the graph of a game small
      enough.
    </p>
  );

  if (embed) {
    // The link's `view` picks the state graph, the selected state's board (the inspector) or both (the default), in the order named.
    const views = embed.views ?? new Set(['graph', 'board']);
    return (
      <main class="gdl gdl--embed">
        {notices}
        {limit}
        {failure}
        {answer}
        {searched ? (
          noGraph
        ) : (
          <Fragment>
            {(embed.controls ?? 'full') !== 'none' && <PlayerControls store={store} variant={embed.controls ?? 'full'} />}
            <div class="gdl__views">
              {[...views].map((v) => (v === 'graph' ? <Fragment key={v}>{graph}</Fragment> : v === 'board' ? <Fragment key={v}>{inspector}</Fragment> : null))}
            </div>
          </Fragment>
        )}
      </main>
    );
  }
  return (
    <main class="gdl">
      {notices}
      <div class="gdl__top">
        <GdlEditor value={text} onInput={onType} diagnostics={diagnostics} current={solver.checked === text} status={status}>
          <label class="gdl__examples">
            Example{' '}
            <select value={example} onChange={(e) => pick(e.currentTarget.value)} data-testid="gdl-example">
              <option value="custom" disabled>
                your rules
              </option>
              {example === '' && <option value="">…</option>}
              {EXAMPLES.map((e) => (
                <option value={e.id} key={e.id}>
                  {e.label}
                </option>
              ))}
            </select>
          </label>
          {algoPicker}
        </GdlEditor>
        <div class="gdl__side">
          <section class="panel" aria-label="Answer">
            <h2 class="panel-title">Answer</h2>
            {solver.solving && <Solving onCancel={solver.cancel} progress={solver.progress} />}
            {limit}
            {failure}
            {answer || (!solver.solving && !solver.failure && <p>Type rules or pick an example.</p>)}
            {shown && !searched && !diagnostics.length && <GdlTreeLink rules={text} />}
            <p class="gdl__help">
              Enumerate finds every reachable state and its value, and draws the state graph; Search answers from the start by alpha-beta with a
              transposition table, for games too big to enumerate; Auto enumerates a small game (up to {formatCount(60_000)} states) and
              searches a bigger one, as <code>perfect-play solve gdl</code> does.
            </p>
          </section>
          {searched && !solver.solving && !solver.failure && (
            <div class="panel">
              <GdlSearchPlay rules={solver.checked} roles={searched.roles} play={solver.play} stop={solver.stopPlay} budgetMiB={gdlBudgetMiB()} search={searched.auto ? 'auto' : 'alphabeta'} />
            </div>
          )}
          {shown && !searched && (
            <div class="panel">
              <GdlPlay result={result} onState={(s) => store.select(s)} words={words ?? {}} />
            </div>
          )}
        </div>
      </div>
      {searched ? (
        noGraph
      ) : (
        <Fragment>
          <PlayerControls store={store} />
          <div class="gdl__views">
            {graph}
            {inspector}
          </div>
        </Fragment>
      )}
    </main>
  );
}

/** A search's best move and principal line (the search table's moves from the start). */
function SearchLine({ result }) {
  if (!result.bestMove) return null;
  return (
    <p class="gdl__line">
      Best move for {result.roles[result.pv[0].role]}:{' '}
      <code data-testid="gdl-best-move" data-move={result.bestMove}>
        {result.bestMove}
      </code>
      {result.pv.length > 1 && (
        <span data-testid="gdl-pv">
          {' '}
          · principal line: <code>{result.pv.map((m) => m.move).join(' ')}</code>
        </span>
      )}
    </p>
  );
}

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
function Solving({ onCancel, progress }) {
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
