import './graph-input.css';

/** The graph text box, its Solve button and the message for bad input. */
/** (Cancel for a running solve sits by its progress bar: ResultSummary.) */
export function GraphInput({ value, onInput, onSolve, error, fix = null, children }) {
  const submit = (event) => {
    event.preventDefault();
    onSolve();
  };
  const onKeyDown = (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSolve();
    }
  };
  return (
    <form class="graph-input" onSubmit={submit} aria-label="Graph">
      <label class="graph-input__label" for="graph-text">
        Graph (LeetCode input)
      </label>
      <p class="graph-input__hint" id="graph-hint">
        Adjacency lists: node 0 is the hole, the mouse starts on 1, the cat on 2.{' '}
        <kbd>Ctrl</kbd>+<kbd>Enter</kbd> solves.
      </p>
      <textarea
        id="graph-text"
        class="graph-input__text"
        rows={4}
        spellcheck={false}
        autocomplete="off"
        autocapitalize="off"
        aria-describedby="graph-hint graph-error"
        aria-invalid={error ? 'true' : 'false'}
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <p class="graph-input__error" id="graph-error" data-testid="input-error" role="alert">
        {error}
      </p>
      {error && fix && (
        <button type="button" class="graph-input__fix" data-testid="add-reverse-edges" onClick={fix.apply}>
          Add the missing reverse edge{fix.added === 1 ? '' : 's'} ({fix.added})
        </button>
      )}
      <div class="graph-input__actions">
        <button type="submit" class="primary">
          Solve
        </button>
        {children}
      </div>
    </form>
  );
}
