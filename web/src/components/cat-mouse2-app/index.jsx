import { Fragment } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { applyLink, startEmbedClock } from '../../hooks/use-view-state.js';
import { usePlay } from '../../hooks/use-play.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { useShare } from '../../hooks/use-share.js';
import { useSolver } from '../../hooks/use-solver.js';
import { cellName, cm2AnswerWords, cm2Input, cm2StateGraph, cm2StateWords, MAX_TURNS, splitCm2Input } from '../../lib/catmouse2.js';
import { formatCount, formatMs } from '../../lib/format.js';
import { readInitial, RULES } from '../../lib/initial.js';
import { INVALID, stateId, stateOf } from '../../lib/outcomes.js';
import { rules1728 } from '../../lib/play.js';
import { CM2_PRESETS } from '../../lib/presets-cm2.js';
import { zeroIsDrawFor } from '../outcome-grid/index.jsx';
import { createRetroModel } from '../../player/retro-model.js';
import { createPlayerStore } from '../../player/store.js';
import { PlayPanel } from '../play-panel/index.jsx';
import { PlayerControls } from '../player-controls/index.jsx';
import { LazyStateGraph as StateGraph } from '../state-graph/lazy.js';
import { Cm2Board } from './cm2-board.jsx';
import './cat-mouse2-app.css';

const FIRST = CM2_PRESETS[0];
/** The state graph's words for 1728: a state never decided is the cat's, by the turn limit. */
const GRAPH_WORDS = { win0: 'mouse wins', win1: 'cat wins', draw: `cat wins by the ${MAX_TURNS}-turn limit`, undecided: 'undecided', invalid: 'not a state' };

const INITIAL_RULES = {
  input: RULES.input,
  catJump: RULES.jump,
  mouseJump: RULES.jump,
  algo: RULES.oneOf(['retrograde']),
  step: RULES.count,
  sel: RULES.count,
};

/** The model a Cat and Mouse II solve plays with: the retrograde model, its states named by cells. */
function buildCm2Model(result) {
  const model = createRetroModel(result, result.trace);
  model.stateName = (n, s) => {
    const { mouse, cat, turn } = stateOf(n, s);
    return `(${cellName(result, mouse)},${cellName(result, cat)},${turn ? 'cat' : 'mouse'})`;
  };
  return model;
}

/**
 * Cat and Mouse II (LeetCode 1728) in the Cat and Mouse pillar: the grid
 * and jumps in LeetCode's form, the same retrograde solver and player, the
 * board as a heatmap of the selected state's slice, and play against the
 * solver. Follows pillars.js (initial: input = the grid, catJump,
 * mouseJump, step, sel; onShare; embed).
 */
export function CatMouse2App({ theme, initial = null, onShare = null, embed = null }) {
  const asked = useMemo(() => {
    const read = readInitial(initial, INITIAL_RULES);
    // A whole LeetCode text in `input` is split into its three parts.
    const whole = read.values.input !== undefined ? splitCm2Input(read.values.input) : null;
    if (whole)
      Object.assign(read.values, { input: whole.grid, catJump: read.values.catJump ?? whole.catJump, mouseJump: read.values.mouseJump ?? whole.mouseJump });
    return read;
  }, []);
  const solver = useSolver('cat-mouse-ii');
  const store = useMemo(() => createPlayerStore(), []);
  usePlayerKeys(store);
  const [grid, setGrid] = useState(asked.values.input ?? FIRST.grid);
  const [catJump, setCatJump] = useState(String(asked.values.catJump ?? FIRST.catJump));
  const [mouseJump, setMouseJump] = useState(String(asked.values.mouseJump ?? FIRST.mouseJump));
  const [by, setBy] = useState('mouse');
  const [hints, setHints] = useState(false);
  const [problems, setProblems] = useState(asked.problems);
  const pending = useRef(asked.values);
  // The store's model and the result it was built from, one pair (store.js):
  // the views never see the solver's newer result before load() below.
  const model = store.model.value;
  const result = model?.result ?? null;

  const run = (g = grid, cj = catJump, mj = mouseJump, tag = null) => solver.solve({ input: cm2Input(g, cj, mj), trace: 'auto' }, { tag });
  useEffect(() => {
    run(grid, catJump, mouseJump, 'link');
  }, []);

  const solved = solver.result;
  useEffect(() => {
    if (!solved) return;
    const next = buildCm2Model(solved);
    next.result = solved;
    store.load(next, { at: 'end', select: solved.start });
    // The link's step and sel belong to the link's own graph: a newer request
    // that replaced it before its answer came does not take them.
    const link = solver.tag === 'link' ? pending.current : {};
    if (solver.tag !== 'link' && (pending.current.step !== undefined || pending.current.sel !== undefined)) {
      setProblems((p) => [...p, "Ignored the link's step and sel: a newer request replaced the linked board before it was solved."]);
    }
    pending.current = {};
    const late = applyLink(store, next, link, { validSel: (s) => s < next.nstates && next.values[s] !== INVALID, what: 'board' });
    if (late.length) setProblems((p) => [...p, ...late]);
    startEmbedClock(store, embed, { hasStep: link.step !== undefined });
  }, [solved]);

  useShare(
    onShare,
    store,
    () => {
      const parts = result && splitCm2Input(result.input);
      return parts ? { input: parts.grid, catJump: String(parts.catJump), mouseJump: String(parts.mouseJump), algo: 'retrograde' } : null;
    },
    [result],
  );

  const rules = useMemo(() => (result ? rules1728(result, MAX_TURNS) : null), [result]);
  const play = usePlay(rules, result, result);

  // The state graph, the same view Cat and Mouse draws: every state a node, coloured as the trace plays.
  const stateGraph = useMemo(() => (result ? cm2StateGraph(result) : null), [result]);
  const final = useMemo(() => (result ? { values: result.outcomes, remoteness: result.remoteness } : null), [result]);
  const nameOf = (s) => (result && model ? model.stateName(result.n, s) : `state ${s}`);
  const graphView = <StateGraph store={store} sg={stateGraph} final={final} nameOf={nameOf} words={GRAPH_WORDS} theme={theme} />;

  const cursor = store.cursor.value;
  const selected = store.selected.value;
  const done = zeroIsDrawFor(model, cursor);
  const controls = embed?.controls ?? 'full';
  const pick = (p) => {
    setGrid(p.grid);
    setCatJump(String(p.catJump));
    setMouseJump(String(p.mouseJump));
    run(p.grid, p.catJump, p.mouseJump);
  };
  /**
   * A jump changes the game: a whole number solves again at once, the grid
   * as it stands (use-solver.js, rule 1); an empty box waits for one.
   */
  const changeJump = (which, v) => {
    const cj = which === 'cat' ? v : catJump;
    const mj = which === 'mouse' ? v : mouseJump;
    (which === 'cat' ? setCatJump : setMouseJump)(v);
    if (/^\d+$/.test(v.trim())) run(grid, cj, mj);
  };
  const submit = (event) => {
    event.preventDefault();
    run();
  };

  const boardView = result && (
    <section class="panel cm2-view" aria-label="Board" data-export-frame>
      <div class="cm2-view__head">
        <h2 class="panel-title">Board</h2>
        {!play.playing && (
          <fieldset class="cm2-view__by">
            <legend>Colour each cell by</legend>
            <label>
              <input type="radio" name="cm2-by" checked={by === 'mouse'} onChange={() => setBy('mouse')} data-testid="cm2-by-mouse" />
              the mouse there
            </label>
            <label>
              <input type="radio" name="cm2-by" checked={by === 'cat'} onChange={() => setBy('cat')} data-testid="cm2-by-cat" />
              the cat there
            </label>
          </fieldset>
        )}
      </div>
      <p class="cm2-view__state" data-testid="cm2-state">
        {play.playing ? cm2StateWords(result, result, play.state) : selected >= 0 ? stateWordsAt(result, model, selected, done) : ''}
      </p>
      <Cm2Board
        board={result}
        model={model}
        cursor={cursor}
        selected={play.playing ? play.state : selected}
        by={by}
        done={done}
        onSelect={store.select}
        play={play.playing ? { moves: play.moves, hints, onMove: play.move } : null}
      />
      {!play.playing && (
        <div class="cm2-view__actions">
          <button type="button" onClick={() => selected >= 0 && store.select(flipTurn(result.n, selected))} data-testid="cm2-flip">
            Other player to move
          </button>
          <button type="button" onClick={() => store.select(result.start)}>
            The start
          </button>
          <button type="button" onClick={() => selected >= 0 && store.toDecision(selected)} data-testid="cm2-to-decision">
            Jump to its decision
          </button>
        </div>
      )}
      <p class="cm2-view__legend">
        <span class="cm2-key cm2-key--mouse" /> mouse wins · <span class="cm2-key cm2-key--cat" /> cat wins · <span class="cm2-key cm2-key--limit" /> cat wins
        by the {MAX_TURNS}-turn limit (never decided) · <span class="cm2-key cm2-key--open" /> undecided so far. Numbers: moves to the end under perfect play.
      </p>
    </section>
  );
  const notices = problems.length > 0 && (
    <ul class="app__notices" role="status" data-testid="link-problems">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );

  if (embed) {
    // The link's `view` picks the board (the default) and the state graph, shown in the order named.
    const views = embed.views ?? new Set(['board']);
    const parts = { board: boardView, graph: <div class="panel">{graphView}</div> };
    return (
      <main class="app app--embed cm2">
        {notices}
        {controls !== 'none' && <PlayerControls store={store} variant={controls} />}
        {[...views].map((v) => (parts[v] ? <Fragment key={v}>{parts[v]}</Fragment> : null))}
      </main>
    );
  }

  return (
    <main class="app cm2">
      {notices}
      <div class="app__top">
        <form class="cm2-form" onSubmit={submit} aria-label="Board input" noValidate>
          <label for="cm2-grid">Grid (LeetCode input)</label>
          <p class="cm2-form__hint" id="cm2-grid-hint">
            Rows of <code>#</code> wall, <code>.</code> floor, <code>M</code> mouse, <code>C</code> cat, <code>F</code> food; up to 8 x 8. The mouse moves
            first; a move jumps up to its length in a straight line (staying put is a move).
          </p>
          <textarea
            id="cm2-grid"
            rows={4}
            spellcheck={false}
            autocomplete="off"
            aria-describedby="cm2-grid-hint cm2-error"
            aria-invalid={solver.error && !solver.failed ? 'true' : 'false'}
            value={grid}
            onInput={(e) => setGrid(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
            }}
            data-testid="cm2-grid"
          />
          <div class="cm2-form__jumps">
            <label>
              catJump{' '}
              <input type="number" min="1" max="8" value={catJump} onInput={(e) => changeJump('cat', e.currentTarget.value)} data-testid="cm2-cat-jump" />
            </label>
            <label>
              mouseJump{' '}
              <input type="number" min="1" max="8" value={mouseJump} onInput={(e) => changeJump('mouse', e.currentTarget.value)} data-testid="cm2-mouse-jump" />
            </label>
            <button type="submit" class="primary" data-testid="cm2-solve">
              Solve
            </button>
            {solver.solving && (
              <button type="button" onClick={solver.cancel}>
                Stop
              </button>
            )}
          </div>
          <p class="cm2-form__error" id="cm2-error" role="alert" data-testid="input-error">
            {solver.failed ? '' : solver.error}
          </p>
          {solver.failed && (
            <p class="solver-failure" role="alert" data-testid="solver-failure">
              {solver.error}
              {result ? ' The board below is the last one that solved.' : ''}
            </p>
          )}
          <div class="presets" role="group" aria-label="Example boards">
            <span class="presets__label" aria-hidden="true">
              Examples:
            </span>
            {CM2_PRESETS.map((p) => (
              <button type="button" key={p.label} onClick={() => pick(p)}>
                {p.label}
              </button>
            ))}
          </div>
        </form>
        {!solver.failed && <Cm2Summary result={result} model={model} cursor={cursor} stale={Boolean(solver.error)} />}
      </div>
      {controls !== 'none' && <PlayerControls store={store} variant={controls} />}
      <div class="app__views">
        <div class="app__main">{boardView}</div>
        <div class="app__aside">
          <div class="panel">
            <PlayPanel
              play={play}
              place={{ kind: 'cell', name: (cell) => (result ? `Cell ${cellName(result, cell)}` : String(cell)) }}
              hints={hints}
              onHints={setHints}
              ready={Boolean(result)}
            />
          </div>
        </div>
      </div>
      {result && <div class="panel">{graphView}</div>}
    </main>
  );
}

/** The selected state in words at the cursor: undecided until the trace decides it. */
function stateWordsAt(board, model, s, done) {
  if (!model) return '';
  const words = cm2StateWords(board, { outcomes: model.values, remoteness: model.remote }, s);
  if (done || model.values[s] !== 0) return words;
  return words.replace(/: cat wins by the turn limit.*$/, ': undecided so far');
}

function flipTurn(n, s) {
  const { mouse, cat, turn } = stateOf(n, s);
  return stateId(n, mouse, cat, 1 - turn);
}

/** The answer in words, LeetCode's output, and the decisions so far per player to move. */
function Cm2Summary({ result, model, cursor, stale }) {
  if (!result) return <section class="summary cm2-summary" aria-label="Answer" />;
  void cursor;
  const mouseTurn = model ? model.turnCounts(0) : null;
  const catTurn = model ? model.turnCounts(1) : null;
  const line = (c) => `${formatCount(c.mouse)} mouse wins · ${formatCount(c.cat)} cat wins · ${formatCount(c.open)} undecided`;
  return (
    <section class="summary cm2-summary" aria-labelledby="cm2-answer-heading">
      <h2 class="summary__heading" id="cm2-answer-heading">
        Answer · retrograde BFS coloring
      </h2>
      <p class="summary__answer">
        <strong data-testid="answer" aria-live="polite" data-answer={String(result.answer)}>
          {cm2AnswerWords(result)}
        </strong>
        <span class="summary__output">
          LeetCode output <code data-testid="answer-code">{String(result.answer)}</code>
        </span>
      </p>
      <p class="summary__stats" data-testid="stats">
        {result.rows} x {result.cols} cells · {formatCount(result.nstates)} states ({result.n} x {result.n} per player to move) ·{' '}
        {formatCount(result.stats.relaxations)} relaxations · {formatMs(result.ms ?? 0)}
      </p>
      {mouseTurn && (
        <dl class="cm2-summary__counts" data-testid="cm2-counts">
          <dt>Mouse to move</dt>
          <dd>{line(mouseTurn)}</dd>
          <dt>Cat to move</dt>
          <dd>{line(catTurn)}</dd>
        </dl>
      )}
      <p class="summary__trace">
        Every step is animated: {formatCount(result.trace ? result.trace.length / 4 : 0)} events. States never decided are the cat's: it keeps the mouse from
        the food until the {MAX_TURNS}-turn limit.
      </p>
      {stale && <p class="summary__stale">Still showing the result for the last valid board.</p>}
    </section>
  );
}
