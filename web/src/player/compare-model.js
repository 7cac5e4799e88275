// compare-model.js: several tree models stepped together on one clock, as one
// player model (player.js). Event i of the clock is event i of every run that
// has one; a finished run stays at its end. The markers are every run's
// cut-offs, so "next cut-off" stops at whichever run cuts next. No Preact.
import { abEventSentence } from '../lib/tree-events.js';

export function buildCompareModel(models, labels) {
  const count = Math.max(0, ...models.map((m) => m.count));
  const markers = Int32Array.from(new Set(models.flatMap((m) => [...m.markers]))).sort();
  return {
    models,
    labels,
    count,
    markers,
    truncated: models.some((m) => m.truncated),
    apply(i) {
      for (const m of models) if (i < m.count) m.apply(i);
    },
    unapply(i) {
      for (const m of models) if (i < m.count) m.unapply(i);
    },
    decidedAt: () => -1,
    kindAt: () => 0,
    stepAt: () => 0,
    /** What each run does at clock event i. */
    describe(i) {
      return models.map((m, k) => `${labels[k]}: ${i >= m.count ? 'done' : m.describe ? m.describe(i) : abEventSentence(m.trace, i)}`).join(' · ');
    },
  };
}
