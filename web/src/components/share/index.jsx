import { useEffect, useRef, useState } from 'preact/hooks';
import { embedSnippets } from '../../lib/embed-code.js';
import { writeParams } from '../../lib/share.js';
import './share.css';

/** Copies text; falls back to selecting it in `field` when the clipboard is refused. */
async function copy(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return 'Copied.';
  } catch {
    field?.select();
    return 'Selected: press Ctrl+C (⌘C) to copy.';
  }
}

function CopyField({ label, value, testid, rows = 1 }) {
  const field = useRef(null);
  const [said, setSaid] = useState('');
  useEffect(() => setSaid(''), [value]);
  const Tag = rows > 1 ? 'textarea' : 'input';
  return (
    <div class="share__field">
      <label class="share__label">
        {label}
        <Tag ref={field} readOnly rows={rows} value={value} data-testid={testid} class="share__text" spellcheck={false} />
      </label>
      <button type="button" data-testid={`${testid}-copy`} onClick={async () => setSaid(await copy(value, field.current))}>
        Copy
      </button>
      <span class="share__said" aria-live="polite">
        {said}
      </span>
    </div>
  );
}

/**
 * The Share button and its dialog: the link to this exact view, and the two
 * embed snippets. `getParams()` gives the view's parameters (game first).
 */
export function Share({ getParams, title, children }) {
  const dialog = useRef(null);
  const [open, setOpen] = useState(false);
  const [texts, setTexts] = useState(null);

  const show = async () => {
    const params = getParams();
    const query = await writeParams(params);
    const here = new URL(window.location.href);
    const link = new URL(`${here.pathname}${query}`, here.origin).href;
    const { iframe, element } = await embedSnippets(here.href, params, { title, query });
    setTexts({ link, iframe, element, length: link.length });
    setOpen(true);
    dialog.current?.showModal?.();
  };
  const close = () => {
    dialog.current?.close?.();
    setOpen(false);
  };

  return (
    <>
      <button type="button" class="share__open" data-testid="share-open" aria-haspopup="dialog" onClick={show}>
        Share
      </button>
      <dialog ref={dialog} class="share" aria-labelledby="share-title" data-testid="share-dialog" onClose={() => setOpen(false)}>
        {open && texts && (
          <div class="share__body">
            <h2 id="share-title" class="share__title">
              Share this view
            </h2>
            <CopyField label={`Link (${texts.length.toLocaleString('en-US')} characters)`} value={texts.link} testid="share-link" />
            <CopyField label="Embed: an iframe (it sizes itself with embed-host.js)" value={texts.iframe} testid="share-iframe" rows={3} />
            <CopyField label="Embed: the <perfect-play> element" value={texts.element} testid="share-element" rows={3} />
            {children}
            <p class="share__note">
              The link holds the whole view: game, instance, algorithm, step and selection. Nothing is sent to a server; long instances are compressed into the
              link.
            </p>
            <button type="button" class="share__close" data-testid="share-close" onClick={close}>
              Close
            </button>
          </div>
        )}
      </dialog>
    </>
  );
}
