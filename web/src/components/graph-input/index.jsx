import { useEffect, useRef, useState } from 'preact/hooks';
import { formatCount } from '../../lib/format.js';
import './graph-input.css';

/**
 * A text this long that the reader did not type (a random graph, a link) is
 * not put in the box until asked: a textarea lays out its whole value at
 * once, and a 2,000-node graph of degree 120 (a megabyte) froze the page for
 * half a second on a desktop, longer on a phone, as its answer arrived.
 */
export const BIG_TEXT = 200_000;

/** The graph text box, its Solve button and the message for bad input. */
/** (Cancel for a running solve sits by its progress bar: ResultSummary.) */
export function GraphInput({ value, onInput, onSolve, error, fix = null, children }) {
  const typed = useRef(null); // the last value typed here: never folded away under the reader
  const [opened, setOpened] = useState(null); // the big text the reader asked to see
  const folded = value.length > BIG_TEXT && value !== typed.current && value !== opened;
  const box = useRef(null);
  useEffect(() => {
    if (opened !== null) box.current?.focus(); // the text the reader asked for, ready to edit
  }, [opened]);
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
        Adjacency lists: node 0 is the hole, the mouse starts on 1, the cat on 2. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> solves.
      </p>
      {folded ? (
        <p class="graph-input__folded" data-testid="graph-folded" data-length={value.length}>
          <span>{formatCount(value.length)} characters of adjacency lists, kept out of the box so the page stays quick.</span>{' '}
          <button type="button" data-testid="graph-unfold" onClick={() => setOpened(value)}>
            Show the text to edit it
          </button>
        </p>
      ) : (
        <textarea
          ref={box}
          id="graph-text"
          class="graph-input__text"
          rows={4}
          spellcheck={false}
          autocomplete="off"
          autocapitalize="off"
          aria-describedby="graph-hint graph-error"
          aria-invalid={error ? 'true' : 'false'}
          value={value}
          onInput={(event) => {
            typed.current = event.currentTarget.value;
            onInput(typed.current);
          }}
          onKeyDown={onKeyDown}
        />
      )}
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
