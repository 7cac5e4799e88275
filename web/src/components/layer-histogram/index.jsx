import { formatCount } from '../../lib/format.js';
import './layer-histogram.css';

const W = 320;
const H = 120;

/**
 * A big solve played layer by layer (layer-model.js): the states decided at
 * each remoteness, one bar per layer (player 0's wins below, player 1's above; the
 * height grows with the square root of the count, so the small far layers
 * still show). Bars up to the cursor are drawn in full: the histogram grows
 * as the player steps. A click on a bar goes to that layer; from the
 * keyboard the chart is a slider over the layers shown (its value is the
 * player's cursor): arrows one layer, Page Up/Down ten, Home/End the ends.
 */
const KEYS = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

export function LayerHistogram({ store }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  const count = model.count;
  const onKeyDown = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return; // Shift+arrows: the player's
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? count : KEYS[event.key] ? cursor + KEYS[event.key] : null;
    if (to === null) return;
    event.preventDefault(); // the page's player keys stand aside (use-player-keys.js)
    store.seek(Math.max(0, Math.min(count, to)));
  };
  const decided = model.decided;
  const [w1, w2] = [model.words?.[1] ?? 'mouse wins', model.words?.[2] ?? 'cat wins'];
  const bw = W / Math.max(1, count);
  const scale = (H - 4) / Math.sqrt(Math.max(1, model.maxLayer));
  const bars = [];
  for (let i = 0; i < count; i++) {
    const { wins, total } = model.layerSize(i);
    const h = Math.sqrt(total) * scale;
    const hm = total ? (h * wins[0]) / total : 0;
    const state = i < cursor ? (i === cursor - 1 ? 'current' : 'done') : 'ahead';
    bars.push(
      <g key={i} class={`layers__bar layers__bar--${state}`} onClick={() => store.seek(i + 1)}>
        <title>{`Layer ${i}: ${formatCount(total)} states (${w1} ${formatCount(wins[0])}, ${w2} ${formatCount(wins[1])})`}</title>
        <rect class="layers__win0" x={i * bw} y={H - hm} width={Math.max(0.5, bw - (bw > 3 ? 1 : 0))} height={hm} />
        <rect class="layers__win1" x={i * bw} y={H - h} width={Math.max(0.5, bw - (bw > 3 ? 1 : 0))} height={Math.max(0, h - hm)} />
      </g>,
    );
  }
  return (
    <section
      class="layers"
      aria-label="States decided by layer"
      data-testid="layer-histogram"
      data-layers={count}
      data-shown={cursor}
      data-decided={decided.total}
    >
      <h2 class="layers__heading">Layers: states decided at each remoteness</h2>
      <svg
        class="layers__chart"
        viewBox={`0 0 ${W} ${H}`}
        role="slider"
        tabindex="0"
        aria-label="Layers shown"
        aria-valuemin={0}
        aria-valuemax={count}
        aria-valuenow={cursor}
        aria-valuetext={layerText(model, cursor)}
        aria-orientation="horizontal"
        data-testid="layer-slider"
        onKeyDown={onKeyDown}
      >
        {bars}
      </svg>
      <p class="layers__note" data-testid="layer-note">
        {formatCount(cursor)} of {formatCount(count)} layers · {formatCount(decided.total)} states decided ({w1} {formatCount(decided.wins[0])}, {w2}{' '}
        {formatCount(decided.wins[1])}).{' '}
        {model.note ??
          'Too big for an event trace: the player steps one layer of the BFS wavefront at a time; bar heights grow as the square root of the count.'}
      </p>
    </section>
  );
}

/** What the slider says at `cursor` (layers applied): the last layer shown and its states. */
function layerText(model, cursor) {
  if (cursor === 0) return `none of ${formatCount(model.count)} layers shown`;
  const { wins, total } = model.layerSize(cursor - 1);
  const [w1, w2] = [model.words?.[1] ?? 'mouse wins', model.words?.[2] ?? 'cat wins'];
  return `${formatCount(cursor)} of ${formatCount(model.count)} layers shown; layer ${cursor - 1}: ${formatCount(total)} states (${w1} ${formatCount(wins[0])}, ${w2} ${formatCount(wins[1])})`;
}
