import { EXAMPLES } from './examples.js';

/**
 * How the game is solved, as the command line's --algo: Auto follows its
 * policy (gdl-games.js), Enumerate its retrograde, Search its alphabeta.
 */
export const ALGOS = [
  { id: 'auto', label: 'Auto', worker: 'auto' },
  { id: 'enumerate', label: 'Enumerate', worker: 'retrograde' },
  { id: 'search', label: 'Search', worker: 'search' },
];

/** The examples: `example` is the one in the editor, 'custom' for the reader's rules, '' before the first has loaded. */
export function ExamplePicker({ example, onPick }) {
  return (
    <label class="gdl__examples">
      Example{' '}
      <select value={example} onChange={(e) => onPick(e.currentTarget.value)} data-testid="gdl-example">
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
  );
}

/** "Solve by": one of ALGOS. */
export function AlgoPicker({ algo, onPick }) {
  return (
    <label class="gdl__examples">
      Solve by{' '}
      <select
        value={algo}
        onChange={(e) => onPick(e.currentTarget.value)}
        data-testid="gdl-algo"
        title="Auto enumerates a small game's state graph and searches a big one from its start, as the command line's --algo auto"
      >
        {ALGOS.map((a) => (
          <option value={a.id} key={a.id}>
            {a.label}
          </option>
        ))}
      </select>
    </label>
  );
}
