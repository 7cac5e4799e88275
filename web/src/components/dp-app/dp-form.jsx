import { BIG_SIZES, DP_GAME_NAMES, DP_PROBLEMS, FLAWED_EXHIBIT, bigInput } from '../../lib/dp-presets.js';

const fmt = (v) => Number(v).toLocaleString('en-US');

/** The tool's documented limits for a problem, in words (from the C constants). */
export function limitText(game, L) {
  if (!L) return '';
  const values = `each value at most ${fmt(L.value)} in size`;
  switch (game) {
    case 'stone-game':
    case 'predict-the-winner':
    case 'stone-game-vii':
      return `up to ${fmt(L.ends)} piles (LeetCode: ${game === 'stone-game' ? '500' : game === 'stone-game-vii' ? '1,000' : '20'}), ${values}`;
    case 'stone-game-ii':
      return `up to ${fmt(L.stone2)} piles (LeetCode: 100), ${values}`;
    case 'stone-game-iii':
      return `up to ${fmt(L.stone3)} values (LeetCode: 50,000), negative ones too, ${values}`;
    case 'stone-game-iv':
      return `n up to ${fmt(L.squares)} (LeetCode: 10^5)`;
    case 'stone-game-v':
      return `up to ${fmt(L.split)} values (LeetCode: 500), ${values}`;
    case 'stone-game-vi':
      return `up to ${fmt(L.stone6)} stones (LeetCode: 10^5), the exhaustive search up to ${fmt(L.exhaustive)}, ${values}`;
    case 'nim':
      return `n up to ${fmt(L.nim)} (LeetCode: 2^31 − 1); the table is built up to ${fmt(L.nimTable)}, beyond it the answer comes from the period`;
    case 'can-i-win':
      return `maxChoosableInteger up to ${fmt(L.choosable)}, desiredTotal up to ${fmt(L.desired)} (as LeetCode)`;
    default:
      return '';
  }
}

/**
 * The problem, its LeetCode input, the algorithm, the presets and Solve.
 * Picking an algorithm solves again at once (onPickAlgo); onAlgo only sets
 * it, for a preset that solves its own input.
 */
export function DpForm({ kind, onKind, text, onText, algo, onAlgo, onPickAlgo, onSolve, solving, limits }) {
  const p = DP_PROBLEMS[kind];
  const solveWith = (input, a = algo) => {
    onText(input);
    onAlgo(a);
    onSolve(input, a);
  };
  return (
    <form
      class="panel dp-form"
      aria-label="Problem and input"
      onSubmit={(e) => {
        e.preventDefault();
        onSolve();
      }}
    >
      <div class="dp-form__row">
        <label>
          <span>Problem</span>
          <select value={kind} data-testid="dp-game" onChange={(e) => onKind(e.currentTarget.value)}>
            {DP_GAME_NAMES.map((g) => (
              <option value={g}>
                {DP_PROBLEMS[g].title} (LeetCode {DP_PROBLEMS[g].leetcode})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Algorithm</span>
          <select value={algo} data-testid="dp-algo" onChange={(e) => onPickAlgo(e.currentTarget.value)}>
            {Object.entries(p.algos).map(([a, label]) => (
              <option value={a}>{label}</option>
            ))}
          </select>
        </label>
      </div>
      <label class="dp-form__input">
        <span>Input (LeetCode's text)</span>
        <textarea
          rows={2}
          spellcheck={false}
          value={text}
          data-testid="dp-input"
          onInput={(e) => onText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              onSolve();
            }
          }}
        />
        <small>{p.hint} · Ctrl+Enter solves</small>
        <small data-testid="dp-limits">{limits ? `Limits of this tool: ${limitText(kind, limits)}.` : ''}</small>
      </label>
      <div class="dp-form__row">
        <button type="submit" class="primary" data-testid="dp-solve" disabled={solving}>
          {solving ? 'Solving…' : 'Solve'}
        </button>
        <div class="dp-form__presets" role="group" aria-label="Presets">
          <span>Examples:</span>
          {p.examples.map((input, k) => (
            <button
              type="button"
              data-testid="dp-preset"
              title={input}
              onClick={() => solveWith(input, Object.hasOwn(p.algos, algo) && algo !== 'flawed-memo' ? algo : 'dp')}
            >
              {k + 1}
            </button>
          ))}
          {kind === FLAWED_EXHIBIT.game && (
            <button
              type="button"
              data-testid="dp-preset-flawed"
              title={`${FLAWED_EXHIBIT.input}, flawed memo`}
              onClick={() => solveWith(FLAWED_EXHIBIT.input, FLAWED_EXHIBIT.algo)}
            >
              The flawed exhibit [1,2,99]
            </button>
          )}
          <button
            type="button"
            data-testid="dp-preset-big"
            onClick={() => solveWith(bigInput(kind, BIG_SIZES[kind]), algo === 'exhaustive' || algo === 'flawed-memo' ? 'dp' : algo)}
          >
            Big:{' '}
            {kind === 'can-i-win' ? '20, 210' : kind === 'nim' || kind === 'stone-game-iv' ? `n = ${fmt(BIG_SIZES[kind])}` : `${fmt(BIG_SIZES[kind])} values`}
          </button>
        </div>
      </div>
    </form>
  );
}
