// build-model.js: the model a solver's result is played with.
import { createDfsModel } from './dfs-model.js';
import { createFinalModel } from './final-model.js';
import { createLayerModel } from './layer-model.js';
import { createRetroModel } from './retro-model.js';

export function buildModel(result) {
  if (result.algo === 'naive-dfs' || result.algo === 'memo-dfs') {
    if (result.trace) {
      return createDfsModel(result, result.trace, { kind: result.algo === 'naive-dfs' ? 'naive' : 'memo' });
    }
    return createFinalModel({ ...result, outcomes: result.truth.outcomes, remoteness: result.truth.remoteness });
  }
  if (result.trace) {
    return createRetroModel(result, result.trace, {
      coarse: result.traceMode === 'coarse',
      truncated: result.truncated,
    });
  }
  // Too big for a trace: played layer by layer from the final arrays (layer-model.js).
  if (result.algo === 'retrograde' && result.outcomes && result.remoteness) return createLayerModel(result);
  return createFinalModel(result);
}
