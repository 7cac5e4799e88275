import { useRef } from 'preact/hooks';
import { offsetOf } from '../../lib/gdl-text.js';

const LINE_PX = 20; // the textarea's line height (gdl-app.css)

/**
 * The rules' text box with line numbers beside it, and the diagnostics
 * under it: each a button that puts the cursor on its line and column.
 * `current`: the diagnostics are of the text in the box; while the reader
 * types on they are of an older text, dimmed and marked data-current
 * "false" until the next check. The text is a textarea's value and the
 * messages are text: nothing from the rules is ever read as HTML.
 */
export function GdlEditor({ value, onInput, diagnostics, current = true, status, children }) {
  const area = useRef(null);
  const gutter = useRef(null);
  const lines = value.split('\n').length;
  const numbers = [];
  for (let i = 1; i <= lines; i++) numbers.push(i);
  const bad = new Set(diagnostics.map((d) => d.line));
  const go = (d) => {
    const el = area.current;
    if (!el) return;
    const at = offsetOf(value, d.line, d.col);
    el.focus();
    el.setSelectionRange(at, at);
    el.scrollTop = Math.max(0, (d.line - 3) * LINE_PX);
  };
  return (
    <section class="gdl-editor" aria-label="Rules">
      <div class="gdl-editor__bar">
        <label class="gdl-editor__label" for="gdl-text">
          Rules (GDL)
        </label>
        {children}
      </div>
      <div class="gdl-editor__frame">
        <div class="gdl-editor__gutter" ref={gutter} aria-hidden="true">
          {numbers.map((n) => (
            <div key={n} class={bad.has(n) ? 'gdl-editor__num gdl-editor__num--bad' : 'gdl-editor__num'}>
              {n}
            </div>
          ))}
        </div>
        <textarea
          id="gdl-text"
          ref={area}
          class="gdl-editor__text"
          spellcheck={false}
          autocomplete="off"
          autocapitalize="off"
          wrap="off"
          aria-describedby="gdl-status gdl-diagnostics"
          aria-invalid={diagnostics.length ? 'true' : 'false'}
          data-testid="gdl-text"
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
      <p class="gdl-editor__status" id="gdl-status" data-testid="gdl-status" aria-live="polite">
        {status}
      </p>
      <ul
        class={current ? 'gdl-editor__diagnostics' : 'gdl-editor__diagnostics gdl-editor__diagnostics--old'}
        id="gdl-diagnostics"
        data-testid="gdl-diagnostics"
        aria-label={current ? 'Problems in the rules' : 'Problems in the rules as they were at the last check'}
        data-count={diagnostics.length}
        data-current={current ? 'true' : 'false'}
      >
        {diagnostics.map((d, i) => (
          <li key={`${i}:${d.line}:${d.col}`}>
            <button type="button" class="gdl-editor__diag" data-line={d.line} data-col={d.col} onClick={() => go(d)}>
              <span class="gdl-editor__where">
                line {d.line}, column {d.col}
              </span>
              : {d.message}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
