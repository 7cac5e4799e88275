// layout-worker.js: a module Web Worker that lays out a big state graph's
// points (lib/points-layout.js), so the page's main thread stays free for
// clicks and frames while a graph of a million states is laid out; the
// answer's arrays are transferred, not copied.
//
// Request: { id, job } (points-layout.js's job). Reply: { id, answer } or
// { id, error }. One job at a time: the page (state-graph/use-points-layout.js)
// terminates this worker when a newer request supersedes a running one, and
// drops any reply whose id is not its newest.
import { runLayoutJob } from '../lib/points-layout.js';

self.onmessage = (e) => {
  const { id, job } = e.data;
  try {
    const { answer, transfer } = runLayoutJob(job);
    self.postMessage({ id, answer }, transfer);
  } catch (err) {
    self.postMessage({ id, error: String(err?.message || err) });
  }
};
