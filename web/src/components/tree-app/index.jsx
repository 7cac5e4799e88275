import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { useShare, useStartFromLink } from '../../hooks/use-view-state.js';
import { lazyComponent } from '../../hooks/use-loaded.jsx';
import { VERSUS_KINDS } from '../../lib/versus-kinds.js';
import { MAX_PARAM, oneOf } from '../../lib/share.js';
import { valueText } from '../../lib/tree-events.js';
import { boardAt, boardText, emptyCell, readBoard } from '../../lib/ttt.js';
import { POSITION_GAMES, judgeAnswer, positionAt } from '../../lib/tree-positions.js';
import { isTypedTree, leafIndex, movedNumber, moveChild, setLeaf } from '../../lib/tree-text.js';
import { createPlayerStore } from '../../player/store.js';
import { buildTreeModel } from '../../player/tree-model.js';
import { buildCompareModel } from '../../player/compare-model.js';
import { buildPnModel } from '../../player/pn-model.js';
import { buildMctsModel } from '../../player/mcts-model.js';
import { mctsOptionsFrom } from '../../lib/mcts.js';
import { PN_ALGOS, PnCode, PnStats, PnSummary, PnView, PROOF_STEP } from './pn-view.jsx';
import { TreeCode } from './tree-code.jsx';
import { TreeEdit } from './tree-edit.jsx';
import { TreeForm, EXAMPLES, GAME_LABELS, GIVEN_ORDER_ONLY, TABLE_FIRST } from './tree-form.jsx';
import { PositionBoard } from './position-board.jsx';
import { TreePlayer } from './tree-player.jsx';
import { TreeStats } from './tree-stats.jsx';
import { TreeSummary } from './tree-summary.jsx';
import { DRAW_LIMIT, TreeView, boundedText, cutCondition } from './tree-view.jsx';
import { TttBoard } from './ttt-board.jsx';
import './tree-app.css';

// Fetched when first shown, so that a typed tree (an embed of the textbook's)
// ships without Connect Four's views, play against the solver, MCTS's panel
// or Compare.
const Connect4App = lazyComponent(() => import('../connect4/index.jsx').then((m) => m.Connect4App), 'Connect Four');
const VersusPanel = lazyComponent(() => import('../versus-panel/index.jsx').then((m) => m.VersusPanel), 'play against the solver');
const MctsRun = lazyComponent(() => import('./mcts-run.jsx').then((m) => m.MctsRun), "MCTS's panel");
const TreeCompare = lazyComponent(() => import('./tree-compare.jsx').then((m) => m.TreeCompare), 'the comparison');

const COMPARE_LABELS = ['Minimax', 'Alpha-beta', 'Alpha-beta, best first'];
const COMPARE_PN_LABELS = ['Alpha-beta', 'PN', 'df-pn'];
const COMPARE_MCTS_LABELS = ['Alpha-beta', 'df-pn', 'MCTS'];
const COMPARE_LABELS_OF = { true: COMPARE_LABELS, pn: COMPARE_PN_LABELS, mcts: COMPARE_MCTS_LABELS };
/** A compared run's model: an MCTS run's keeps its result (the exact values, the choice changes) for its panel. */
const runModel = (r) => (r.pn ? buildPnModel(r) : r.mcts ? Object.assign(buildMctsModel(r), { mctsResult: r }) : buildTreeModel(r));

/** The games this pillar owns in the URL; the others are offered as trees here. */
const URL_GAMES = ['tree', 'tic-tac-toe'];

/** The first kind, text and options from a link (untrusted strings, checked here). */
function fromLink(game, initial) {
  const kind = URL_GAMES.includes(game) ? (game === 'tree' ? oneOf(initial.kind, Object.keys(EXAMPLES), 'tree') : game) : 'tree';
  const text = typeof initial.input === 'string' && initial.input.length <= MAX_PARAM * 64 ? initial.input : EXAMPLES[kind];
  const options = {
    algo: oneOf(initial.algo, ['minimax', 'alphabeta', 'alphabeta-soft', ...PN_ALGOS, 'mcts'], 'alphabeta'),
    order: oneOf(initial.order, ['given', 'best', 'worst'], 'given'),
    tt: TABLE_FIRST.includes(kind) ? initial.tt !== '0' : initial.tt === '1', // the table starts ticked for these: tt=0 unticks it
    memo: initial.memo === '1',
    minimize: initial.root === 'min',
    ...mctsOptionsFrom({ iterations: initial.iterations, seed: initial.seed, uctC: initial.c, solver: initial.solver, playout: initial.playout }),
  };
  return { kind, text, options };
}

/** The search's options as the stale check compares them (a request's or the controls'). */
const optionsKey = (o) =>
  JSON.stringify([
    o.algo,
    o.order,
    Boolean(o.tt),
    Boolean(o.memo),
    Boolean(o.minimize),
    ...(o.algo === 'mcts' ? [o.iterations, String(o.seed), o.uctC, o.solver, o.playout] : []),
  ]);

/**
 * The link parameters reproducing the view (pillar contract, pillars.js):
 * the search shown, by the request it answers (model.request), whatever
 * the controls say now (use-solver.js, rule 3).
 */
function shareParams(kind, model, cursor, selected) {
  const own = URL_GAMES.includes(kind) ? undefined : kind;
  const result = model?.result;
  const asked = model?.request;
  if (!result || result.compare || !asked) return { kind: own };
  return {
    kind: own,
    input: result.input,
    algo: asked.algo === 'alphabeta' ? undefined : asked.algo,
    order: asked.order === 'given' || PN_ALGOS.includes(asked.algo) ? undefined : asked.order,
    tt: TABLE_FIRST.includes(kind) ? (asked.tt ? undefined : '0') : asked.tt ? '1' : undefined,
    memo: asked.memo ? '1' : undefined,
    root: asked.minimize ? 'min' : undefined,
    ...(asked.algo === 'mcts'
      ? {
          iterations: String(asked.iterations),
          seed: String(asked.seed),
          c: String(asked.uctC),
          solver: asked.solver ? '1' : undefined,
          playout: asked.playout === 'random' ? undefined : asked.playout,
        }
      : {}),
    step: String(cursor),
    sel: selected >= 0 ? String(selected) : undefined,
  };
}

/** The game-tree pillar: type a tree or a position, search it, play the search. */
export function TreeApp({ theme, game, onGame, initial = {}, onShare = null, embed = null }) {
  const start = useMemo(() => fromLink(game, initial), []);
  const [kind, setKind] = useState(start.kind);
  const solver = useSolver(kind);
  const store = useMemo(() => createPlayerStore(), []);
  // Connect Four's view has players of its own, each with its keys (the first
  // listener that steps takes the key, so this one must not be there).
  usePlayerKeys(kind === 'connect-four' ? null : store);
  const [text, setText] = useState(start.text);
  const [options, setOptions] = useState(start.options);
  const [selected, setSelected] = useState(-1);
  const [hovered, setHovered] = useState(-1);
  const [collapsed, setCollapsed] = useState(() => new Map());
  // What every view draws: the store's model and the result it was built
  // from (model.result), one pair with the store's cursor (store.js); the
  // solver's newer result reaches the views only through load() below.
  const model = store.model.value?.result.game === kind ? store.model.value : null;
  const result = model?.result ?? null;

  const given = GIVEN_ORDER_ONLY.includes(kind) ? { order: 'given' } : {}; // no heuristic to order by
  const run = (input = text, opts = options, tag = null) => solver.solve({ input, trace: 'auto', ...opts, ...given }, { tag });

  const first = useRef(true); // the first search is the link's
  useEffect(() => {
    if (kind === 'connect-four') return; // Connect4App solves its own positions
    run(text, options, first.current ? 'link' : null);
    first.current = false;
  }, [kind]);

  const solved = solver.result?.game === kind ? solver.result : null;
  const keepSel = useRef(-1); // the node to select once an edit's search is back
  // The link's step and node, applied with the first model it answers.
  const startFromLink = useStartFromLink(store, initial, embed, {
    validSel: (u, m) => Boolean(m?.layout) && u >= 0 && u < m.layout.n,
    onSel: setSelected,
  });
  useEffect(() => {
    let next = null;
    if (solved) {
      next = solved.compare
        ? buildCompareModel(solved.runs.map(runModel), COMPARE_LABELS_OF[solved.compare] ?? COMPARE_LABELS)
        : solved.pn
          ? buildPnModel(solved)
          : solved.mcts
            ? buildMctsModel(solved)
            : buildTreeModel(solved);
      next.result = solved;
      next.request = solver.request; // what the link says of it
      next.run = solver.runs; // which answer this is, for data-run
      next.tag = solver.tag;
    }
    store.load(next, { at: 'start' });
    setSelected(keepSel.current);
    keepSel.current = -1;
    setCollapsed(new Map());
    startFromLink(next);
  }, [solved]);
  useEffect(() => {
    if (solver.error) keepSel.current = -1; // an edit the solver refused selects nothing later
  }, [solver.error]);

  /** Compare (which: true, the three alpha-betas; 'pn', with PN and df-pn; 'mcts', alpha-beta and df-pn beside MCTS with the options' iterations, seed, c, playouts, solver) on the text, with the table and root of `opts`. */
  const compare = (which, opts = options) =>
    solver.solve({
      input: text,
      trace: 'auto',
      minimize: opts.minimize,
      tt: kind !== 'tree' && opts.tt,
      compare: which,
      ...(which === 'mcts' ? { iterations: opts.iterations, seed: opts.seed, uctC: opts.uctC, solver: opts.solver, playout: opts.playout } : {}),
    });
  /**
   * An option changed: it searches again at once, the text as it stands
   * (use-solver.js, rule 1). A Compare shown runs again with the new table
   * or root (its algorithms and orders are its own); a new algorithm or
   * order is a search by it.
   */
  const changeOptions = (next) => {
    setOptions(next);
    if (result?.compare && next.algo === options.algo && next.order === options.order && next.memo === options.memo) compare(result.compare, next);
    else run(text, next);
  };
  /** An example with its MCTS options (a trap for UCT): its position searched by MCTS with them, the rest of MCTS's options at their defaults. */
  const pickPreset = (p) => {
    const next = { ...options, ...mctsOptionsFrom({}), algo: 'mcts', ...p.mcts };
    setText(p.input);
    setOptions(next);
    run(p.input, next);
  };
  const pickKind = (next) => {
    setKind(next);
    setText(EXAMPLES[next]);
    if (TABLE_FIRST.includes(next) && !options.tt) setOptions({ ...options, tt: true });
    onGame?.(URL_GAMES.includes(next) ? next : 'tree');
  };

  const cursor = store.cursor.value;
  useShare(kind === 'connect-four' ? null : onShare, shareParams(kind, model, cursor, selected), store);
  // The controls ask for another search than the one shown, and none runs (it failed): said above the answer.
  const stale = Boolean(model?.request) && !result.compare && !solver.solving && optionsKey(model.request) !== optionsKey({ ...options, ...given });
  const drawn = model && !result.compare && model.layout && model.layout.n <= DRAW_LIMIT;
  const current = model && !result.compare && !model.pn && !model.mcts ? model.nodeAt(cursor - 1) : -1;
  // An embed's `view`: the search tree (the default), the position at the current node ("board"), or both.
  const showTree = !embed?.views || embed.views.has('tree');
  const embedBoard = Boolean(embed?.views?.has('board'));
  const pnCurrent = model?.pn ? model.nodeAt(cursor - 1) : -1; // the visit the event is about
  const focus = hovered >= 0 ? hovered : selected;
  const select = (u, hover = false) => (hover ? setHovered(u) : setSelected(u === selected ? -1 : u));
  const toggleFold = (u, on) => setCollapsed((m) => new Map(m).set(u, on));
  /** Sets leaf u's value in the text and searches again. */
  const editLeaf = (u, value) => {
    const next = setLeaf(text, leafIndex(result.layout, u), value);
    if (next === null) return;
    setText(next);
    run(next);
  };
  // The typed tree's shape can be edited while the drawing shows that text.
  const editable = kind === 'tree' && result && !result.compare && result.input === text && isTypedTree(text);
  /** Replaces the text after a shape edit, searches again, and selects `sel` then. */
  const editShape = (next, sel) => {
    if (next === null) return;
    keepSel.current = sel;
    setHovered(-1);
    setText(next);
    run(next);
  };
  const dragTo = (u, to) => editShape(moveChild(text, u, to), movedNumber(text, u, to));

  const board = kind === 'tic-tac-toe' ? readBoard(text) : null;
  const shown = result && result.input === text ? result : null; // the result of the board shown
  const over = shown ? (shown.mcts ? shown.moves.length === 0 : shown.stats.inner === 0) : false;
  const bestCell = shown && kind === 'tic-tac-toe' && !over ? emptyCell(shown.info.board, Math.max(0, shown.mcts ? shown.best : shown.bestMove)) : -1;
  const setBoard = (cells) => {
    const n = board.length;
    return boardText(Array.from({ length: n }, (_, r) => cells.slice(r * n, r * n + n).join('')));
  };
  // Playing the position against the solver is the versus panel's (below):
  // it starts from this board, on either side.
  const editCell = (i) => {
    const cells = board.join('').split('');
    cells[i] = cells[i] === '.' ? 'X' : cells[i] === 'X' ? 'O' : '.';
    setText(setBoard(cells));
  };

  if (kind === 'connect-four') {
    const picker = (
      <label class="tree-form__game">
        <span>Game</span>
        <select value={kind} data-testid="tree-game" onChange={(e) => pickKind(e.currentTarget.value)}>
          {Object.entries(GAME_LABELS).map(([k, label]) => (
            <option value={k}>{label}</option>
          ))}
        </select>
      </label>
    );
    return <Connect4App theme={theme} initial={start.kind === 'connect-four' ? initial : {}} onShare={onShare} embed={embed} gamePicker={picker} />;
  }

  return (
    <main class="tree-app" data-testid="tree-app">
      {!embed && (
        <TreeForm
          kind={kind}
          onKind={pickKind}
          text={text}
          onText={setText}
          options={options}
          onOptions={changeOptions}
          onSolve={(input, opts) => run(input ?? text, opts ?? options)}
          onPreset={pickPreset}
          onCompare={(which = true) => compare(which)}
          solving={solver.solving}
        />
      )}
      {board && !embed && (
        <section class="panel tree-board" aria-label="Position">
          <h2 class="panel-title">Position (click a cell: empty → X → O)</h2>
          <TttBoard rows={board} onCell={editCell} highlight={bestCell} label="Position to solve" />
          <p data-testid="ttt-status">{tttStatus(shown, over, bestCell, board.length, solver.solving)}</p>
          <div class="tree-board__buttons">
            {['...|...|...', '....|....|....|....'].map((empty) => (
              <button
                type="button"
                onClick={() => {
                  const next = boardText(empty.split('|'));
                  setText(next);
                  run(next);
                }}
              >
                Empty {empty.split('|').length}x{empty.split('|').length}
              </button>
            ))}
          </div>
        </section>
      )}
      {VERSUS_KINDS.includes(kind) && !embed && <VersusPanel key={kind} kind={kind} text={text} />}
      {solver.error && (
        <p class="tree-app__error" role="alert" data-testid="tree-error">
          {solver.error}
          {solver.failed && result ? ' The tree below is the last one that solved.' : ''}
        </p>
      )}
      {stale && (
        <p class="tree-app__stale" data-testid="tree-stale">
          Showing the last search that answered, by {result.algo}
          {result.pn ? '' : `, ${result.order} order`}; the options above ask for another: Solve searches with them.
        </p>
      )}
      {result && model && result.compare && (
        <>
          <p class="tree-app__answer" data-testid="tree-answer" data-value={result.value} data-input={result.input} data-run={model.run}>
            Root value <strong>{result.value}</strong> three ways on the same tree
            {result.compare === 'mcts'
              ? ` by alpha-beta and df-pn; MCTS's choice after ${result.runs[2].iterations.toLocaleString('en-US')} iterations beside them`
              : result.compare === 'pn'
                ? ' (alpha-beta, PN, df-pn: positions expanded counted alike)'
                : result.tt
                  ? ', each with the transposition table'
                  : ''}
            , one event of each per step
          </p>
          {embed?.controls !== 'none' && <TreePlayer store={store} variant={embed?.controls ?? 'full'} />}
          <TreeCompare model={model} cursor={cursor} table={result.tt} />
        </>
      )}
      {result && model && model.pn && (
        <>
          <p
            class="tree-app__answer"
            data-testid="tree-answer"
            data-value={result.value}
            data-input={result.input}
            data-run={model.run}
            data-algo={result.algo}
          >
            Root value <strong>{valueText(result.value)}</strong> by {result.algo}: {result.stats.proofs} threshold proofs ·{' '}
            {result.stats.expanded.toLocaleString('en-US')} positions expanded in {Math.round(result.ms ?? 0)} ms
          </p>
          {embed?.controls !== 'none' && <TreePlayer store={store} variant={embed?.controls ?? 'full'} decision={PROOF_STEP} />}
          <div class={`tree-app__main${embed && embed.controls !== 'full' ? ' tree-app__main--alone' : ''}`}>
            <section class="panel tree-app__tree" aria-label="Search tree" data-export-frame>
              <h2 class="panel-title">Search tree</h2>
              {drawn ? (
                <PnView model={model} cursor={cursor} selected={focus} onSelect={select} />
              ) : (
                <PnSummary model={model} result={result} cursor={cursor} theme={theme} />
              )}
              <p class="tree-app__legend">
                (proof, disproof): the fewest leaves still to prove / disprove "value ≥ t" below a node · ▲ MAX (an OR node) · ▽ MIN (an AND node) · the lit
                path: where the search is · th: df-pn's thresholds · at the end the proof tree is highlighted
                {drawn && cursor >= model.count && model.count > 0 && (
                  <>
                    {' '}
                    · highlighted:{' '}
                    <strong data-testid="pn-proof-size" data-size={result.proofSize}>
                      the proof of value ≥ {valueText(result.value)}, {result.proofSize} positions
                    </strong>
                    {model.asked.length > 0 && ` (the numbers shown are the last threshold proof's, value ≥ ${model.asked[model.asked.length - 1]}?)`}
                  </>
                )}
              </p>
            </section>
            {(!embed || embed.controls === 'full') && (
              <div class="tree-app__side">
                <PnCode algo={result.algo} step={model.stepAt(cursor - 1)} />
                <PnStats result={result} model={model} cursor={cursor} />
                {POSITION_GAMES[kind] && (
                  <section class="panel" aria-label="Current position" data-testid="current-position">
                    <h2 class="panel-title">{pnCurrent >= 0 ? `Position at node ${pnCurrent}` : 'The position searched'}</h2>
                    <PositionBoard game={kind} pos={positionAt(model, kind, result.input, Math.max(0, pnCurrent))} label={`Node ${Math.max(0, pnCurrent)}`} />
                  </section>
                )}
                {kind === 'tic-tac-toe' && (
                  <section class="panel" aria-label="Current position" data-testid="current-position">
                    <h2 class="panel-title">Position at node {Math.max(0, pnCurrent)}</h2>
                    <TttBoard rows={boardAt(model, result.info, Math.max(0, pnCurrent))} small label={`Node ${Math.max(0, pnCurrent)}`} />
                  </section>
                )}
              </div>
            )}
          </div>
        </>
      )}
      {result && model && model.mcts && <MctsRun kind={kind} model={model} result={result} cursor={cursor} store={store} embed={embed} />}
      {result && model && !result.compare && !model.pn && !model.mcts && (
        <>
          <p class="tree-app__answer" data-testid="tree-answer" data-value={result.value} data-input={result.input} data-run={model.run}>
            Root value <strong>{boundedText(result.value, ['exact', 'at-least', 'at-most'].indexOf(result.bound))}</strong> by {result.algo}, {result.order}{' '}
            order{result.tt ? ', table' : ''}
            {result.memo ? ', memo' : ''} · {result.stats.nodes.toLocaleString('en-US')} positions in {Math.round(result.ms ?? 0)} ms
            {result.info?.roles?.length > 0 && (
              <>
                {' '}
                ·{' '}
                <span data-testid="gdl-roles">
                  MAX is {result.info.roles[0]}
                  {result.info.roles[1] ? `, MIN ${result.info.roles[1]}` : ' (a puzzle: one role)'}; a value is {result.info.roles[0]}'s goal
                </span>
              </>
            )}
            {judgeAnswer(kind, result.value) !== null && (
              <>
                {' '}
                · the judge's answer: <strong data-testid="judge-answer">{judgeAnswer(kind, result.value)}</strong>
              </>
            )}
          </p>
          {embed?.controls !== 'none' && <TreePlayer store={store} variant={embed?.controls ?? 'full'} />}
          <div class={`tree-app__main${embed && embed.controls !== 'full' ? ' tree-app__main--alone' : ''}`}>
            {showTree && (
              <section class="panel tree-app__tree" aria-label="Search tree" data-export-frame="tree">
                <h2 class="panel-title">Search tree</h2>
                {drawn ? (
                  <TreeView model={model} cursor={cursor} selected={focus} onSelect={select} collapsed={collapsed} onMove={editable ? dragTo : null} />
                ) : (
                  <TreeSummary model={model} result={result} cursor={cursor} theme={theme} />
                )}
                <p class="tree-app__legend">
                  ▲ MAX to move · ▽ MIN to move · ■ leaf · [α, β] the open window · ≥ / ≤ a bound · ✂ a cut-off (the skipped moves are greyed and folded; click
                  a node for details)
                </p>
              </section>
            )}
            {embedBoard && (POSITION_GAMES[kind] || kind === 'tic-tac-toe') && (
              <section class="panel" aria-label="Current position" data-testid="current-position" data-export-frame="board">
                <h2 class="panel-title">{current >= 0 ? `Position at node ${current}` : 'The position searched'}</h2>
                {kind === 'tic-tac-toe' ? (
                  <TttBoard rows={boardAt(model, result.info, Math.max(0, current))} small label={`Node ${Math.max(0, current)}`} />
                ) : (
                  <PositionBoard game={kind} pos={positionAt(model, kind, result.input, Math.max(0, current))} label={`Node ${Math.max(0, current)}`} />
                )}
              </section>
            )}
            {(!embed || (embed.controls === 'full' && !embed.views)) && (
              <div class="tree-app__side">
                <TreeCode algo={result.algo} step={model.stepAt(cursor - 1)} />
                <TreeStats result={result} model={model} cursor={cursor} />
                {drawn && focus >= 0 && focus < model.layout.n && (
                  <NodeDetails
                    model={model}
                    result={result}
                    u={focus}
                    cursor={cursor}
                    collapsed={collapsed}
                    onFold={toggleFold}
                    onLeaf={editable ? editLeaf : null}
                    edit={editable ? <TreeEdit text={text} u={focus} onEdit={editShape} /> : null}
                  />
                )}
                {POSITION_GAMES[kind] && (
                  <section class="panel" aria-label="Current position" data-testid="current-position">
                    <h2 class="panel-title">{current >= 0 ? `Position at node ${current}` : 'The position searched'}</h2>
                    <PositionBoard game={kind} pos={positionAt(model, kind, result.input, Math.max(0, current))} label={`Node ${Math.max(0, current)}`} />
                  </section>
                )}
                {!drawn && kind === 'tic-tac-toe' && current >= 0 && (
                  <section class="panel" aria-label="Current position">
                    <h2 class="panel-title">Position at node {current}</h2>
                    <TttBoard rows={boardAt(model, result.info, current)} small label={`Node ${current}`} />
                  </section>
                )}
              </div>
            )}
          </div>
        </>
      )}
    </main>
  );
}

/** The selected node: what it is, what the search knows of it at the cursor. */
function NodeDetails({ model, result, u, cursor, collapsed, onFold, onLeaf, edit }) {
  const L = model.layout;
  const v = model.visitOf[u];
  const reached = v >= 0 && model.bornAt[v] < cursor;
  const leaf = L.moves[u] === 0;
  const lines = [];
  lines.push(leaf ? `A leaf worth ${valueText(L.value[u])}` : `${L.player[u] === 0 ? 'MAX' : 'MIN'} to move, ${L.moves[u]} moves`);
  if (v < 0) lines.push('Never visited: a cut-off skipped it');
  else if (!reached) lines.push(`Visit ${v}: not reached yet`);
  else {
    if (model.open[v]) lines.push(`Open, window [${valueText(model.alpha[v])}, ${valueText(model.beta[v])}]`);
    if (model.known[v]) lines.push(`Value ${boundedText(model.value[v], model.known[v] === 1 ? 0 : model.bound[v])}`);
    if (model.cut[v] >= 0) lines.push(`Cut-off: ${cutCondition(model, v)}`);
  }
  const folded = collapsed.get(u);
  return (
    <section class="panel" aria-label="Selected node" data-testid="node-details">
      <h2 class="panel-title">Node {v >= 0 ? v : `(position ${u})`}</h2>
      <ul class="tree-app__facts">
        {lines.map((l) => (
          <li>{l}</li>
        ))}
      </ul>
      {result.game === 'tic-tac-toe' && v >= 0 && <TttBoard rows={boardAt(model, result.info, v)} small label={`Node ${v}`} />}
      {POSITION_GAMES[result.game] && v >= 0 && <PositionBoard game={result.game} pos={positionAt(model, result.game, result.input, v)} label={`Node ${v}`} />}
      {leaf && onLeaf && (
        <form
          class="tree-app__leaf"
          onSubmit={(e) => {
            e.preventDefault();
            const v = Number(e.currentTarget.elements.leaf.value);
            if (Number.isSafeInteger(v)) onLeaf(u, v);
          }}
        >
          <label>
            Value <input name="leaf" type="number" step={1} defaultValue={L.value[u]} key={`${u}:${L.value[u]}`} data-testid="leaf-value" />
          </label>
          <button type="submit" data-testid="leaf-set">
            Set and search again
          </button>
        </form>
      )}
      {!leaf && (
        <button type="button" onClick={() => onFold(u, !folded)}>
          {folded ? 'Expand this subtree' : 'Collapse this subtree'}
        </button>
      )}
      {edit}
    </section>
  );
}

const SIDE = ['X', 'O'];

/** What the board panel says: the best move and value, whose turn, or the end. */
function tttStatus(result, over, bestCell, n, solving) {
  if (!result) return solving ? 'Solving…' : 'Solve to see the best move.';
  const verdict = result.value > 0 ? 'X wins' : result.value < 0 ? 'O wins' : 'a draw';
  if (over) return `Game over: ${verdict}.`;
  const mover = SIDE[result.info.rootPlayer];
  if (result.mcts) {
    const perfect = result.moves[result.best]?.exact === result.value;
    return `MCTS's choice for ${mover}: row ${Math.floor(bestCell / n) + 1}, column ${(bestCell % n) + 1} (outlined), ${perfect ? 'a perfect-play move' : 'not perfect play'}; with perfect play ${verdict} (value ${result.value}).`;
  }
  return `Best move for ${mover}: row ${Math.floor(bestCell / n) + 1}, column ${(bestCell % n) + 1} (outlined); with perfect play ${verdict} (value ${result.value}).`;
}
