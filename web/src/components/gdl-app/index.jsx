import { Fragment } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { applyLink, startEmbedClock } from '../../hooks/use-view-state.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { useShare } from '../../hooks/use-share.js';
import { formatCount } from '../../lib/format.js';
import { gdlModel, gdlStateGraph, gdlStateName, gdlWords } from '../../lib/gdl-result.js';
import { gdlBudgetMiB } from '../../lib/engine-limits.js';
import { readInitial, RULES } from '../../lib/initial.js';
import { createPlayerStore } from '../../player/store.js';
import { PlayerControls } from '../player-controls/index.jsx';
import { LayerHistogram } from '../layer-histogram/index.jsx';
import { StateGraph } from '../state-graph/index.jsx';
import { GdlAnswer, gdlStatus } from './gdl-answer.jsx';
import { GdlEditor } from './gdl-editor.jsx';
import { GdlInspector } from './gdl-inspector.jsx';
import { GdlPlay } from './gdl-play.jsx';
import { AlgoPicker, ExamplePicker } from './gdl-pickers.jsx';
import { GdlSearchPlay } from './gdl-search-play.jsx';
import { GdlSolving } from './gdl-solving.jsx';
import { GdlMatrices, GdlValuesAnswer } from './gdl-values.jsx';
import { GdlValuesPlay } from './gdl-values-play.jsx';
import { valuesGraph } from '../../lib/gdl-values.js';
import { valueScale } from '../../lib/value-scale.js';
import { createValuesModel } from '../../player/values-model.js';
import { GdlTreeLink } from '../gdl-tree-link/index.jsx';
import { useGdlRules } from './use-gdl-rules.js';
import { useGdlSolver } from './use-gdl-solver.js';
import './gdl-app.css';

const INITIAL_RULES = {
  input: RULES.input,
  step: RULES.count,
  sel: RULES.count,
  by: RULES.oneOf(['depth', 'remoteness']),
  algo: RULES.oneOf(['auto', 'enumerate', 'search']),
};

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
  const rules = useGdlRules(asked.values, solver);
  const { text, algo } = rules;
  const store = useMemo(() => createPlayerStore(), []);
  usePlayerKeys(store);
  const [by, setBy] = useState(asked.values.by ?? 'depth');
  const [problems, setProblems] = useState(asked.problems);
  const pending = useRef(asked.values);

  // What the views draw: the store's model and the result it was built from.
  const shownModel = store.model.value;
  const result = shownModel?.result ?? null;
  const solved = solver.result;
  // The store takes a new solve before the browser paints or reads the page
  // (a layout effect, not a later effect): the answer, which comes from the
  // solve itself, and the views, which come from the store, change together.
  useLayoutEffect(() => {
    if (!solved) return;
    const model = gdlModel(solved);
    store.load(model, { at: 'end', select: 0 });
    const link = solver.tag === 'link' ? pending.current : {};
    pending.current = {};
    const late = applyLink(store, model, link, { validSel: (s) => s >= 0 && s < solved.states, what: 'game' });
    if (late.length) setProblems((p) => [...p, ...late]);
    startEmbedClock(store, embed, { hasStep: link.step !== undefined });
  }, [solved]);

  // a game moving at once: its graph of joint moves in the store, the answer its own (no trace)
  // its backward induction is the trace (values-model.js) where the graph is drawn state by state
  const { valued } = solver;
  const vgraph = useMemo(() => (valued ? valuesGraph(valued) : null), [valued]);
  useLayoutEffect(() => {
    if (!vgraph) return;
    const drawn = gdlModel(vgraph);
    const model = drawn.algo === 'final' ? Object.assign(createValuesModel(valued, vgraph.outcome, gdlStateName), { result: vgraph }) : drawn;
    store.load(model, { at: 'end', select: 0 });
    // a link's selected state, as for a game taking turns
    const link = solver.tag === 'link' ? pending.current : {};
    pending.current = {};
    const late = applyLink(store, model, link, { validSel: (s) => s >= 0 && s < vgraph.states, what: 'game' });
    if (late.length) setProblems((p) => [...p, ...late]);
  }, [vgraph]);
  const ofValues = result?.algo === 'values-graph';
  // the graph of joint moves coloured by one role's security value (-1: the two roles' guarantees compared)
  const [toneBy, setToneBy] = useState(0);
  const toneRole = valued && toneBy < valued.roles.length && (toneBy >= 0 || valued.roles.length === 2) ? toneBy : 0;
  const tone = useMemo(() => (valued && ofValues && toneRole >= 0 ? valueScale(valued, toneRole) : null), [valued, ofValues, toneRole]);
  // stepping through the backward induction selects the state just decided: its matrix games follow
  const cursor = store.cursor.value;
  const followed = useRef({ model: null, cursor: -1 });
  useEffect(() => {
    const f = followed.current;
    if (shownModel?.algo === 'values' && f.model === shownModel && f.cursor !== cursor && cursor > 0) store.select(shownModel.stateAt(cursor - 1));
    followed.current = { model: shownModel, cursor };
  }, [shownModel, cursor]);
  const sg = useMemo(() => (result ? gdlStateGraph(result) : null), [result]);
  const final = useMemo(() => (result && !ofValues ? { values: result.outcome, remoteness: result.remoteness } : null), [result]);
  const words = useMemo(() => (result ? (ofValues ? result.looks : gdlWords(result)) : undefined), [result]);
  useShare(onShare, store, () => (text.trim() ? { input: text, by: by === 'depth' ? undefined : by, algo: algo === 'auto' ? undefined : algo } : null), [
    text,
    by,
    algo,
  ]);
  const { searched, diagnostics } = solver;

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
        tone={tone ? { ...tone, toneOf: tone.tone } : null}
      />
      {valued && ofValues && (
        <label class="gdl__tone">
          Colour the states by{' '}
          <select value={toneRole} onChange={(e) => setToneBy(Number(e.currentTarget.value))} data-testid="values-colour-by">
            {valued.roles.map((role, q) => (
              <option key={role} value={q}>
                {role}'s security value
              </option>
            ))}
            {valued.roles.length === 2 && <option value={-1}>the two guarantees compared</option>}
          </select>
        </label>
      )}
    </div>
  );
  const inspector = (
    <div class="panel">
      <GdlInspector result={ofValues ? null : result} sg={sg} state={store.selected.value} onSelect={(s) => store.select(s)} words={words ?? {}} />
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
  // (a graph of joint moves left in the store answers nothing once its values are gone: a limit since)
  const shown = solver.failure ? null : (valued ?? searched ?? (ofValues ? null : result));
  const answer =
    shown && (valued ? <GdlValuesAnswer valued={valued} runs={solver.runs} /> : <GdlAnswer searched={searched} result={result} runs={solver.runs} />);
  // a game moving at once or of three roles: its graph of joint moves and the selected state's matrix games, in the views' place
  const matrices = valued && !solver.failure && ofValues && (
    <Fragment>
      {shownModel?.algo === 'values' && (!embed || (embed.controls ?? 'full') !== 'none') && (
        <PlayerControls store={store} variant={embed?.controls ?? 'full'} />
      )}
      <div class="gdl__views">
        {graph}
        <GdlMatrices valued={valued} state={store.selected.value} onState={(s) => store.select(s)} />
      </div>
    </Fragment>
  );

  const noGraph = (
    <p class="panel gdl__no-graph" data-testid="gdl-no-graph">
      No state graph: the answer came from a search, which visits only the states it needs. Choose Enumerate to draw the graph of a game small enough.
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
        {matrices ||
          (searched ? (
            noGraph
          ) : (
            <Fragment>
              {(embed.controls ?? 'full') !== 'none' && <PlayerControls store={store} variant={embed.controls ?? 'full'} />}
              <div class="gdl__views">
                {[...views].map((v) =>
                  v === 'graph' ? <Fragment key={v}>{graph}</Fragment> : v === 'board' ? <Fragment key={v}>{inspector}</Fragment> : null,
                )}
              </div>
            </Fragment>
          ))}
      </main>
    );
  }
  return (
    <main class="gdl">
      {notices}
      <div class="gdl__top">
        <GdlEditor value={text} onInput={rules.onType} diagnostics={diagnostics} current={solver.checked === text} status={gdlStatus(solver, result)}>
          <ExamplePicker example={rules.example} onPick={rules.pick} />
          <AlgoPicker algo={algo} onPick={rules.pickAlgo} />
        </GdlEditor>
        <div class="gdl__side">
          <section class="panel" aria-label="Answer">
            <h2 class="panel-title">Answer</h2>
            {solver.solving && <GdlSolving onCancel={solver.cancel} progress={solver.progress} />}
            {limit}
            {failure}
            {answer || (!solver.solving && !solver.failure && <p>Type rules or pick an example.</p>)}
            {shown && !searched && !valued && !diagnostics.length && <GdlTreeLink rules={text} />}
            <p class="gdl__help">
              Enumerate finds every reachable state and its value, and draws the state graph; Search answers from the start by alpha-beta with a transposition
              table, for games too big to enumerate; Auto enumerates a small game (up to {formatCount(60_000)} states) and searches a bigger one, as{' '}
              <code>perfect-play solve gdl</code> does.
            </p>
          </section>
          {searched && !solver.solving && !solver.failure && (
            <div class="panel">
              <GdlSearchPlay
                rules={solver.checked}
                roles={searched.roles}
                play={solver.play}
                stop={solver.stopPlay}
                budgetMiB={gdlBudgetMiB()}
                search={searched.auto ? 'auto' : 'alphabeta'}
              />
            </div>
          )}
          {valued && !solver.failure && (
            <div class="panel">
              <GdlValuesPlay valued={valued} />
            </div>
          )}
          {shown && !searched && !valued && (
            <div class="panel">
              <GdlPlay result={result} onState={(s) => store.select(s)} words={words ?? {}} />
            </div>
          )}
        </div>
      </div>
      {matrices ||
        (searched ? (
          noGraph
        ) : (
          <Fragment>
            <PlayerControls store={store} />
            <div class="gdl__views">
              {graph}
              {inspector}
            </div>
          </Fragment>
        ))}
    </main>
  );
}
