import { useState } from 'preact/hooks';
import { TREE_PRESETS as JUDGE_PRESETS } from '../../lib/tree-presets.js';
import { GDL_TREE_EXAMPLE, loadGdlTreePresets } from '../../lib/gdl-tree-examples.js';
import { useLoaded } from '../../hooks/use-loaded.jsx';
import { ProgressWords } from '../work-row/index.jsx';
import { MCTS_LIMITS } from '../../lib/mcts.js';

/** The examples of `kind`, or null: rules in GDL fetch theirs when first shown (null until they arrive). */
function usePresets(kind) {
  const { value: gdl } = useLoaded(kind === 'gdl-rules' ? loadGdlTreePresets : null);
  return kind === 'gdl-rules' ? gdl : (JUDGE_PRESETS[kind] ?? null);
}
/** The Solve button's two labels: it keeps the wider one's width. */
const SOLVE_ROOM = ['Solve', 'Solving…'];

/** The example each game opens with (LeetCode's input form). */
export const EXAMPLES = {
  tree: '[[3,12,8],[2,4,6],[14,5,2]]',
  'tic-tac-toe': 'board = ["XO.",".X.","O.."]',
  nim: 'n = 5',
  'can-i-win': 'maxChoosableInteger = 4, desiredTotal = 6',
  'predict-the-winner': 'nums = [1,5,233,7]',
  'young-tableau': JUDGE_PRESETS['young-tableau'][0].input,
  'triangle-war': JUDGE_PRESETS['triangle-war'][0].input,
  'board-chase': JUDGE_PRESETS['board-chase'][0].input,
  'connect-four': '', // its own view (components/connect4) reads the moves
  'gdl-rules': GDL_TREE_EXAMPLE,
};
/** Kinds whose positions have no move-ordering heuristic: moves are searched as given. */
export const GIVEN_ORDER_ONLY = ['gdl-rules'];
/** Games whose trees are hopeless without the table: it starts ticked. */
export const TABLE_FIRST = ['young-tableau', 'triangle-war', 'board-chase', 'gdl-rules'];
export const GAME_LABELS = {
  tree: 'A tree you type',
  'tic-tac-toe': 'Tic-tac-toe 3x3 / 4x4',
  nim: 'Nim (LeetCode 292)',
  'can-i-win': 'Can I Win (LeetCode 464)',
  'predict-the-winner': 'Predict the Winner (LeetCode 486)',
  'young-tableau': '一双木棋, the Young-tableau game (Luogu P4363)',
  'triangle-war': 'Triangle War (POJ 1085)',
  'board-chase': 'Board chase, 棋盘游戏 (Luogu P4576)',
  'connect-four': 'Connect Four (4x4 to 9x9)',
  'gdl-rules': 'Rules in GDL (Game Description Language)',
};
const HINTS = {
  tree: 'Nested lists of leaf values, e.g. [[3,12,8],[2,4,6],[14,5,2]]; or a random uniform tree: branching = 3, depth = 4, lo = 0, hi = 99, seed = 7',
  'tic-tac-toe': 'board = ["X.O","...","..."] (3 or 4 rows; X moves first) or click the board below',
  nim: 'n = 5: take 1 to 3 stones, whoever takes the last one wins',
  'can-i-win': 'maxChoosableInteger = 4, desiredTotal = 6',
  'predict-the-winner': 'nums = [1,5,233,7]: take from either end; the value is player 1 minus player 2',
  'young-tableau':
    "a = [[..]], b = [[..]]: n x m scores (up to 10 x 10); take a cell whose upper and left cells are taken; the value is the first player's score minus the second's",
  'triangle-war':
    "moves = [[2,4],[4,5]]: the lines drawn so far as pegs 1 to 10 (A drew first); completing a triangle wins it and another move; the value is A's triangles minus B's",
  'board-chase':
    'n = 2, white = [1,1], black = [2,2]: white steps 1, black 1 or 2 in a line, a capture wins; the value is 1000 - moves for white, -(1000 - moves) for black',
  'gdl-rules':
    'Two roles taking turns (or one, a puzzle), in KIF: searched from the initial state; MAX is the first role declared and a value is its goal (0 to 100)',
};

/** Whether the options are an example's MCTS options (two examples may share a position). */
const presetOptionsHold = (p, o) => !p.mcts || (o.algo === 'mcts' && Object.entries(p.mcts).every(([k, v]) => o[k] === v));

/** The game, its input, the search's options and Solve. */
export function TreeForm({ kind, onKind, text, onText, options, onOptions, onSolve, onPreset, onCompare, solving }) {
  const [random, setRandom] = useState({ b: 3, d: 4, seed: 1 });
  const presets = usePresets(kind);
  const set = (patch) => onOptions({ ...options, ...patch });
  const mcts = options.algo === 'mcts';
  const soft = options.algo === 'minimax' || ['pn', 'pn2', 'dfpn', 'mcts'].includes(options.algo) || GIVEN_ORDER_ONLY.includes(kind);
  const makeRandom = () => {
    const input = `branching = ${random.b}, depth = ${random.d}, lo = 0, hi = 99, seed = ${random.seed}`;
    onText(input);
    setRandom({ ...random, seed: random.seed + 1 });
    onSolve(input);
  };
  return (
    <form
      class="panel tree-form"
      aria-label="Game and search"
      onSubmit={(e) => {
        e.preventDefault();
        onSolve();
      }}
    >
      <label class="tree-form__game">
        <span>Game</span>
        <select value={kind} data-testid="tree-game" onChange={(e) => onKind(e.currentTarget.value)}>
          {Object.entries(GAME_LABELS).map(([k, label]) => (
            <option value={k}>{label}</option>
          ))}
        </select>
      </label>
      <label class="tree-form__input">
        <span>Input</span>
        <textarea
          rows={kind === 'gdl-rules' ? 10 : 2}
          spellcheck={false}
          value={text}
          data-testid="tree-input"
          onInput={(e) => onText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              onSolve();
            }
          }}
        />
        <small>{HINTS[kind]} · Ctrl+Enter solves</small>
      </label>
      {presets && (
        <label class="tree-form__presets">
          <span>Examples</span>
          <select
            data-testid="tree-preset"
            value={presets.findIndex((p) => p.input === text && presetOptionsHold(p, options))}
            onChange={(e) => {
              const p = presets[Number(e.currentTarget.value)];
              if (!p) return;
              if (p.mcts) return onPreset(p); // a position with the search that shows something there
              onText(p.input);
              onSolve(p.input);
            }}
          >
            <option value={-1}>Pick a position…</option>
            {presets.map((p, i) => (
              <option value={i}>{p.label}</option>
            ))}
          </select>
        </label>
      )}
      <div class="tree-form__options">
        <label>
          <span>Algorithm</span>
          <select value={options.algo} data-testid="tree-algo" onChange={(e) => set({ algo: e.currentTarget.value })}>
            <option value="minimax">Minimax</option>
            <option value="alphabeta">Alpha-beta, fail-hard</option>
            <option value="alphabeta-soft">Alpha-beta, fail-soft</option>
            <option value="pn">Proof-number search (PN)</option>
            <option value="pn2">PN²</option>
            <option value="dfpn">df-pn</option>
            <option value="mcts">Monte Carlo tree search (UCT)</option>
          </select>
        </label>
        <label>
          <span>Move order</span>
          <select value={options.order} data-testid="tree-order" disabled={soft} onChange={(e) => set({ order: e.currentTarget.value })}>
            <option value="given">As given</option>
            <option value="best">Best first</option>
            <option value="worst">Worst first</option>
          </select>
        </label>
        {kind === 'tree' ? (
          <label>
            <span>Root</span>
            <select value={options.minimize ? 'min' : 'max'} data-testid="tree-root" onChange={(e) => set({ minimize: e.currentTarget.value === 'min' })}>
              <option value="max">MAX moves first</option>
              <option value="min">MIN moves first</option>
            </select>
          </label>
        ) : (
          <label class="tree-form__check">
            <input type="checkbox" checked={options.tt} disabled={mcts} data-testid="tree-tt" onChange={(e) => set({ tt: e.currentTarget.checked })} />
            <span>Transposition table</span>
          </label>
        )}
        {kind === 'can-i-win' && (
          <label class="tree-form__check">
            <input type="checkbox" checked={options.memo} onChange={(e) => set({ memo: e.currentTarget.checked })} />
            <span>Won/lost memo (bitmask)</span>
          </label>
        )}
        {/* as wide while it solves as before: the buttons after it and the row's wrapping stay put */}
        <button type="submit" class="primary" data-testid="tree-solve" disabled={solving}>
          <ProgressWords as="span" room={SOLVE_ROOM}>
            {solving ? 'Solving…' : 'Solve'}
          </ProgressWords>
        </button>
        <button
          type="button"
          data-testid="tree-compare-run"
          disabled={solving || GIVEN_ORDER_ONLY.includes(kind)}
          onClick={() => onCompare()}
          title={`Minimax, alpha-beta and alpha-beta with best-first order side by side${kind !== 'tree' && options.tt ? ', each with the table' : ''}`}
        >
          Compare the three
        </button>
        <button
          type="button"
          data-testid="tree-compare-pn"
          disabled={solving}
          onClick={() => onCompare('pn')}
          title="Alpha-beta, proof-number search and df-pn side by side on one clock"
        >
          Compare with PN, df-pn
        </button>
        <button
          type="button"
          data-testid="tree-compare-mcts"
          disabled={solving}
          onClick={() => onCompare('mcts')}
          title="Alpha-beta and df-pn beside Monte Carlo tree search (its options: pick MCTS to set them) on one clock"
        >
          Compare with df-pn, MCTS
        </button>
      </div>
      {mcts && <MctsOptions options={options} set={set} />}
      {kind === 'tree' && (
        <div class="tree-form__random" role="group" aria-label="Random tree">
          <span>Random uniform tree:</span>
          <label>
            b <input type="number" min={1} max={12} value={random.b} onInput={(e) => setRandom({ ...random, b: Number(e.currentTarget.value) })} />
          </label>
          <label>
            d <input type="number" min={1} max={12} value={random.d} onInput={(e) => setRandom({ ...random, d: Number(e.currentTarget.value) })} />
          </label>
          <button type="button" data-testid="tree-random" onClick={makeRandom}>
            New random tree
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * MCTS's options: each change searches again (use-solver.js, rule 1) once
 * committed (Enter or leaving the field), and a value out of range is
 * said beside the field and not sent. The fields are uncontrolled (keyed by
 * the committed value): a re-render while a person types (a search's answer
 * arriving) leaves what they typed alone.
 */
const seedOf = (raw) => (/^\d{1,20}$/.test(raw.trim()) && BigInt(raw.trim()) <= 0xffffffffffffffffn ? String(BigInt(raw.trim())) : null);
const uctOf = (raw) => {
  const c = Number(raw);
  return raw.trim() !== '' && Number.isFinite(c) && c >= 0 && c <= MCTS_LIMITS.maxUctC ? c : null;
};

function MctsOptions({ options, set }) {
  const [bad, setBad] = useState(null);
  const commit = (name, raw, parse) => {
    const v = parse(raw);
    if (v === null) {
      setBad(name);
      return;
    }
    setBad(null);
    if (v !== options[name]) set({ [name]: v });
  };
  // Enter commits the field (a search with the new value, rule 1), not the
  // form too: a submit in the same turn would search with the options as
  // they were before the change, and that newer request would win.
  const enter = (name, parse) => (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    commit(name, e.currentTarget.value, parse);
  };
  const whole = (lo, hi) => (raw) => (/^\d+$/.test(raw.trim()) && Number(raw) >= lo && Number(raw) <= hi ? Number(raw) : null);
  return (
    <fieldset class="tree-form__mcts" data-testid="mcts-options">
      <legend>Monte Carlo tree search</legend>
      <label>
        <span>Iterations</span>
        <input
          type="number"
          min={1}
          max={MCTS_LIMITS.maxIterations}
          step={1}
          defaultValue={options.iterations}
          key={`i${options.iterations}`}
          data-testid="mcts-iterations"
          aria-invalid={bad === 'iterations' ? 'true' : undefined}
          onChange={(e) => commit('iterations', e.currentTarget.value, whole(1, MCTS_LIMITS.maxIterations))}
          onKeyDown={enter('iterations', whole(1, MCTS_LIMITS.maxIterations))}
        />
      </label>
      <label>
        <span>Seed</span>
        <input
          type="text"
          inputMode="numeric"
          size={8}
          defaultValue={options.seed}
          key={`s${options.seed}`}
          data-testid="mcts-seed"
          aria-invalid={bad === 'seed' ? 'true' : undefined}
          onChange={(e) => commit('seed', e.currentTarget.value, seedOf)}
          onKeyDown={enter('seed', seedOf)}
        />
      </label>
      <label>
        <span>Exploration c</span>
        <input
          type="number"
          min={0}
          max={MCTS_LIMITS.maxUctC}
          step={0.1}
          defaultValue={Number(options.uctC.toFixed(4))}
          key={`c${options.uctC}`}
          data-testid="mcts-c"
          aria-invalid={bad === 'uctC' ? 'true' : undefined}
          onChange={(e) => commit('uctC', e.currentTarget.value, uctOf)}
          onKeyDown={enter('uctC', uctOf)}
        />
      </label>
      <label>
        <span>Playouts</span>
        <select value={options.playout} data-testid="mcts-playout" onChange={(e) => set({ playout: e.currentTarget.value })}>
          <option value="random">Random</option>
          <option value="decisive">Decisive (win at once, else block)</option>
        </select>
      </label>
      <label class="tree-form__check">
        <input type="checkbox" checked={options.solver} data-testid="mcts-solver" onChange={(e) => set({ solver: e.currentTarget.checked })} />
        <span>MCTS-Solver (back up proven values)</span>
      </label>
      {bad && (
        <p class="tree-form__bad" role="alert" data-testid="mcts-bad">
          {bad === 'iterations'
            ? `Iterations must be a whole number from 1 to ${MCTS_LIMITS.maxIterations.toLocaleString('en-US')}.`
            : bad === 'seed'
              ? 'The seed must be a whole number from 0 to 18446744073709551615.'
              : `The exploration constant must be a number from 0 to ${MCTS_LIMITS.maxUctC}.`}
        </p>
      )}
    </fieldset>
  );
}
