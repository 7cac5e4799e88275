import { neighbourhoodOf, parentEffect } from '../../lib/neighbourhood.js';
import { stateName } from '../../lib/catmouse.js';
import { outcomeInfo } from '../../lib/outcomes.js';
import { zeroIsDrawFor } from '../outcome-grid/index.jsx';
import './neighbourhood.css';

const W = 780;
const H = 300;
const BOX_W = 92;
const BOX_H = 40;
const ROWS = { parents: 48, state: 150, children: 252 };
const EFFECT_WORDS = { wins: 'wins here', drops: '−1 here', waits: '' };

/**
 * The selected state with its parents (above: the states with a move into
 * it) and children (below: its moves), coloured and counted at the cursor,
 * so the rule shows: once the state is decided, a parent whose mover wins
 * here is coloured at once, any other parent's counter drops by one.
 */
export function Neighbourhood({ store }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  const s = store.selected.value;
  if (!model || s < 0 || s >= model.nstates) {
    return (
      <section class="neighbourhood" aria-label="Neighbourhood" data-testid="neighbourhood">
        <h2 class="panel-title">Neighbourhood</h2>
        <p class="neighbourhood__empty">Select a state in a grid.</p>
      </section>
    );
  }
  const { graph } = model;
  const n = graph.n;
  const nb = neighbourhoodOf(graph, s);
  const value = (t) => model.values[t];
  const counter = (t) => (model.degree && !model.coarse ? model.degree[t] : null);
  const decided = value(s) === 1 || value(s) === 2;
  const isRetro = model.algo === 'retrograde' || model.algo === 'layers';
  const zeroIsDraw = zeroIsDrawFor(model, cursor);
  const touched = new Set(model.touched(cursor - 1)); // the current event's states

  const row = (list, total, y, kind) => {
    const slots = list.length + (total > list.length ? 1 : 0);
    const gap = Math.min(BOX_W + 6, (W - 20) / Math.max(1, slots));
    const x0 = W / 2 - (gap * (slots - 1)) / 2;
    return list
      .map((t, i) => ({ t, x: x0 + i * gap, y, kind }))
      .concat(total > list.length ? [{ more: total - list.length, x: x0 + list.length * gap, y, kind }] : []);
  };
  const parents = row(nb.parents, nb.parentCount, ROWS.parents, 'parent');
  const children = row(nb.children, nb.childCount, ROWS.children, 'child');
  const centre = { x: W / 2, y: ROWS.state };

  const box = ({ t, x, y, kind, more }) => {
    if (more) {
      return (
        <text key={`more-${kind}`} class="neighbourhood__more" x={x} y={y + 5}>
          +{more} more
        </text>
      );
    }
    const v = value(t);
    const key = v === 0xff ? 'unseen' : v === 0 && !zeroIsDraw ? 'undecided' : outcomeInfo(v).key;
    const k = counter(t);
    const effect = kind === 'parent' && isRetro && decided ? parentEffect(n, t, value(s)) : '';
    // The name starts with what the box shows, so speech and sight agree.
    const shown = `${stateName(n, t)} ${glyph(v, zeroIsDraw)}${k !== null ? ` · ${k} left` : ''}${effect ? ` ${EFFECT_WORDS[effect]}` : ''}`;
    return (
      <g
        key={`${kind}-${t}`}
        class={`neighbourhood__box neighbourhood__box--${key}${t === s ? ' neighbourhood__box--self' : ''}${touched.has(t) ? ' neighbourhood__box--event' : ''}`}
        transform={`translate(${x - BOX_W / 2} ${y - BOX_H / 2})`}
        role="button"
        tabindex="0"
        aria-label={`${shown}: select`}
        data-state={t}
        onClick={() => store.select(t)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            store.select(t);
          }
        }}
      >
        <rect width={BOX_W} height={BOX_H} rx={5} />
        <text x={BOX_W / 2} y={16}>
          {stateName(n, t)}
        </text>
        <text x={BOX_W / 2} y={32} class="neighbourhood__sub">
          {glyph(v, zeroIsDraw)}
          {k !== null && ` · ${k} left`}
        </text>
        {effect && (
          <text x={BOX_W / 2} y={BOX_H + 12} class={`neighbourhood__effect neighbourhood__effect--${effect}`}>
            {EFFECT_WORDS[effect]}
          </text>
        )}
      </g>
    );
  };

  return (
    <section class="neighbourhood" aria-label="Neighbourhood" data-testid="neighbourhood" data-state={s}>
      <h2 class="panel-title">Neighbourhood of {stateName(n, s)}</h2>
      <svg class="neighbourhood__svg" viewBox={`0 0 ${W} ${H + 12}`} role="group" aria-label={`Parents and children of ${stateName(n, s)}`}>
        <defs>
          <marker id="nb-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
            <path d="M0 0L10 5L0 10z" class="neighbourhood__arrowhead" />
          </marker>
        </defs>
        {parents
          .filter((p) => !p.more)
          .map((p) => (
            <line
              key={`pl-${p.t}`}
              class="neighbourhood__edge"
              x1={p.x}
              y1={p.y + BOX_H / 2}
              x2={centre.x}
              y2={centre.y - BOX_H / 2 - 2}
              marker-end="url(#nb-arrow)"
            />
          ))}
        {children
          .filter((c) => !c.more)
          .map((c) => (
            <line
              key={`cl-${c.t}`}
              class="neighbourhood__edge"
              x1={centre.x}
              y1={centre.y + BOX_H / 2}
              x2={c.x}
              y2={c.y - BOX_H / 2 - 2}
              marker-end="url(#nb-arrow)"
            />
          ))}
        <text class="neighbourhood__row-label" x={6} y={ROWS.parents - BOX_H / 2 - 6}>
          parents ({nb.parentCount})
        </text>
        <text class="neighbourhood__row-label" x={6} y={ROWS.children + BOX_H / 2 + 16}>
          moves ({nb.childCount})
        </text>
        {parents.map(box)}
        {box({ t: s, x: centre.x, y: centre.y, kind: 'self' })}
        {children.map(box)}
      </svg>
      <p class="neighbourhood__rule">
        {isRetro
          ? decided
            ? 'When this state is popped, a parent whose mover wins here is coloured at once ("wins here"); every other parent loses one option ("−1 here").'
            : zeroIsDraw
              ? 'Never decided: a draw. Its parents never learned anything from it.'
              : 'Undecided so far: its parents learn nothing from it yet.'
          : "Colours are the search's labels so far; a dot in the grids marks the path."}
      </p>
    </section>
  );
}

function glyph(v, zeroIsDraw) {
  if (v === 0xff) return 'no label';
  if (v === 0) return zeroIsDraw ? 'draw' : 'undecided';
  return outcomeInfo(v).key === 'mouse' ? 'mouse wins' : 'cat wins';
}
