import { useRef, useState } from 'preact/hooks';
import { captionAt } from '../../lib/captions.js';
import { animatedSvg, recordGif } from '../../lib/animate.js';
import { download, findFrames, framePng, frameSvg, recordWebm, traceJson } from '../../lib/export.js';
import { ProgressWords, WorkRow } from '../work-row/index.jsx';
import './export-panel.css';

const MAX_FRAMES = 2000;
/** The longest words while a recording runs, beside Stop: the last frame of the most. */
const BUSY_ROOM = ['Recording', 'GIF', 'Animated SVG'].map((what) => `${what}: frame ${MAX_FRAMES} of ${MAX_FRAMES}…`);

/**
 * Export in the Share dialog: the frame as PNG or SVG, steps as WebM, the
 * trace as JSON. `getParams()` names what is shown (game, algo, input);
 * `getStore()` is the pillar's player (pillars.js onShare's second argument).
 * A page showing several drawings (chess: the board and the state graph)
 * names each (data-export-frame="state graph"); the reader picks which.
 */
export function ExportPanel({ getParams, getStore, captions = [] }) {
  const store = getStore();
  const model = store?.model.peek();
  const count = model?.count ?? 0;
  const cursor = store?.cursor.peek() ?? 0;
  const [range, setRange] = useState({ from: Math.max(0, cursor - 20), to: Math.min(count, Math.max(cursor, 20)), fps: 10, scale: 1, loop: true });
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const drawings = findFrames();
  const [which, setWhich] = useState(0);
  const abort = useRef(null);
  const params = getParams();
  const stem = `perfect-play-${params.game}-step${cursor}`;
  const caption = captionAt(captions, cursor); // the author's caption, drawn under the frame

  const run = async (what, fn) => {
    setBusy(true);
    setStatus(`${what}…`);
    try {
      const note = await fn();
      setStatus(typeof note === 'string' ? note : `${what}: done.`);
    } catch (e) {
      setStatus(`${what} failed: ${e.message}.`);
    } finally {
      setBusy(false);
    }
  };
  const frame = () => {
    const f = drawings[which]?.isConnected ? drawings[which] : findFrames()[which];
    if (!f) throw new Error('nothing is drawn yet');
    return f;
  };
  const num = (k, lo, hi) => (e) => {
    const v = Math.round(Number(e.currentTarget.value));
    if (Number.isFinite(v)) setRange((r) => ({ ...r, [k]: Math.max(lo, Math.min(hi, v)) }));
  };
  const frames = range.to - range.from + 1;
  // The GIF and the animated SVG: steps drawn one by one, then one file.
  const animate = (what, make, file) => {
    if (frames < 1 || frames > MAX_FRAMES) {
      setStatus(`Choose from 1 to ${MAX_FRAMES.toLocaleString('en-US')} steps (to ≥ from).`);
      return;
    }
    abort.current = new AbortController();
    run(what, async () => {
      const out = await make(frame(), store, {
        ...range,
        captionAt: (k) => captionAt(captions, k),
        signal: abort.current.signal,
        onProgress: (d, t) => setStatus(`${what}: frame ${d} of ${t}…`),
      });
      const [blob, ext] = file(out);
      download(blob, `perfect-play-${params.game}-steps${range.from}-${range.to}.${ext}`);
      return `${what}: done (${Math.round(blob.size / 1024).toLocaleString('en-US')} kB).`;
    });
  };

  return (
    <section class="export" aria-labelledby="export-title" data-testid="export">
      <h3 id="export-title" class="export__title">
        Export
      </h3>
      {drawings.length > 1 && (
        <label class="export__row">
          Drawing{' '}
          <select value={which} onChange={(e) => setWhich(Number(e.currentTarget.value))} data-testid="export-frame">
            {drawings.map((f, i) => (
              <option key={i} value={i}>
                {f.dataset.exportFrame || `view ${i + 1}`}
              </option>
            ))}
          </select>
        </label>
      )}
      <div class="export__row">
        <button
          type="button"
          disabled={busy}
          data-testid="export-png"
          onClick={() => run('PNG', async () => download(await framePng(frame(), 2, { caption }), `${stem}.png`))}
        >
          Frame as PNG
        </button>
        <button
          type="button"
          disabled={busy}
          data-testid="export-svg"
          onClick={() => run('SVG', async () => download(new Blob([frameSvg(frame(), { caption })], { type: 'image/svg+xml' }), `${stem}.svg`))}
        >
          Frame as SVG
        </button>
        <button
          type="button"
          disabled={busy || !(model?.trace || model?.traceJson)}
          data-testid="export-json"
          onClick={() =>
            run('Trace', async () => {
              // A coarse trace without event records (the chess layers) writes its own JSON.
              const text = model.traceJson
                ? model.traceJson()
                : traceJson({ game: params.game, algo: params.algo, input: params.input, trace: model.trace, truncated: model.truncated });
              download(new Blob([text], { type: 'application/json' }), `perfect-play-${params.game}-trace.json`);
            })
          }
        >
          Trace as JSON
        </button>
      </div>
      <fieldset class="export__video" disabled={busy || count === 0}>
        <legend>Steps as a WebM video, an animated GIF or an animated SVG (one step a frame)</legend>
        <label>
          from <input type="number" min={0} max={count} value={range.from} onChange={num('from', 0, count)} data-testid="export-from" />
        </label>
        <label>
          to <input type="number" min={0} max={count} value={range.to} onChange={num('to', 0, count)} data-testid="export-to" />
        </label>
        <label>
          frames/s <input type="number" min={1} max={60} value={range.fps} onChange={num('fps', 1, 60)} data-testid="export-fps" />
        </label>
        <label>
          size
          <select value={range.scale} onChange={(e) => setRange((r) => ({ ...r, scale: Number(e.currentTarget.value) }))}>
            <option value={1}>1x</option>
            <option value={2}>2x</option>
          </select>
        </label>
        <button
          type="button"
          data-testid="export-webm"
          onClick={() => {
            if (frames < 1 || frames > MAX_FRAMES) {
              setStatus(`Choose from 1 to ${MAX_FRAMES.toLocaleString('en-US')} steps (to ≥ from).`);
              return;
            }
            abort.current = new AbortController();
            run('Video', async () => {
              const blob = await recordWebm(frame(), store, {
                ...range,
                captionAt: (k) => captionAt(captions, k),
                signal: abort.current.signal,
                onProgress: (d, t) => setStatus(`Recording: frame ${d} of ${t}…`),
              });
              download(blob, `perfect-play-${params.game}-steps${range.from}-${range.to}.webm`);
            });
          }}
        >
          Record
        </button>
        <label>
          <input type="checkbox" checked={range.loop} onChange={(e) => setRange((r) => ({ ...r, loop: e.currentTarget.checked }))} data-testid="export-loop" />{' '}
          loop
        </label>
        <button type="button" data-testid="export-gif" onClick={() => animate('GIF', recordGif, (out) => [out, 'gif'])}>
          GIF
        </button>
        <button
          type="button"
          data-testid="export-svg-anim"
          onClick={() => animate('Animated SVG', animatedSvg, (out) => [new Blob([out], { type: 'image/svg+xml' }), 'svg'])}
        >
          Animated SVG
        </button>
      </fieldset>
      <WorkRow
        controls={
          busy && (
            <button type="button" onClick={() => abort.current?.abort()}>
              Stop
            </button>
          )
        }
      >
        <ProgressWords class="export__status" aria-live="polite" data-testid="export-status" room={busy ? BUSY_ROOM : []}>
          {status}
        </ProgressWords>
      </WorkRow>
    </section>
  );
}
