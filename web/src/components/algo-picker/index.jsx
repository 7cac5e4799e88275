import './algo-picker.css';

export const ALGORITHMS = [
  { id: 'retrograde', name: 'Retrograde BFS coloring', note: 'correct' },
  { id: 'naive-dfs', name: 'Naive DFS minimax', note: 'exact, but exponential: stops at a budget' },
  { id: 'memo-dfs', name: 'DFS with memo', note: 'FLAWED: wrong on some graphs with cycles', flawed: true },
];

/** Which solver runs; the naive search's budget. */
export function AlgoPicker({ algo, onChange, budget, onBudget }) {
  return (
    <fieldset class="algo-picker" data-testid="algo-picker">
      <legend>Algorithm</legend>
      {ALGORITHMS.map((a) => (
        <label key={a.id} class={`algo-picker__option${a.flawed ? ' algo-picker__option--flawed' : ''}`}>
          <input type="radio" name="algo" value={a.id} checked={algo === a.id} onChange={() => onChange(a.id)} />
          <span>
            {a.name} <span class="algo-picker__note">— {a.note}</span>
          </span>
        </label>
      ))}
      {algo === 'naive-dfs' && (
        <label class="algo-picker__budget">
          Budget (states entered){' '}
          <input
            type="number"
            min={1}
            max={5000000}
            step={1000}
            value={budget}
            onChange={(event) => {
              const v = Math.round(Number(event.currentTarget.value));
              if (v >= 1) onBudget(Math.min(5_000_000, v));
            }}
          />
        </label>
      )}
    </fieldset>
  );
}
