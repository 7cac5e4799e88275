// worker.js: the module Web Worker that runs the solvers, off the main thread.
//
// Requests:  { id, type: 'solve', game: 'cat-mouse', input, traceCap }
//            { id, type: 'solve', game: 'cat-mouse', random: { n, avgDegree, seed }, traceCap }
//            (a random graph made by the C library; its text comes back as result.input)
// Replies:   { id, type: 'progress', relaxations, decided, states }
//            { id, type: 'result', result }   (typed arrays transferred)
//            { id, type: 'error', message, status }
import { loadEngine } from './binding.js';

const PROGRESS_EVERY_MS = 100;

const engine = loadEngine();

const GAMES = {
  'cat-mouse': (eng, { input, random, traceCap = 0 }, onProgress) => {
    const text = random ? eng.randomCatMouse(random.n, random.avgDegree, random.seed).text : input;
    const result = eng.solveCatMouse(text, { traceCap, onProgress });
    if (random) result.input = `graph = ${text}`;
    return result;
  },
};

/** The buffers of every typed array in a result, to transfer (not copy). */
function transferables(result) {
  const list = [];
  for (const value of Object.values(result)) {
    if (ArrayBuffer.isView(value)) list.push(value.buffer);
  }
  return list;
}

async function handle({ id, type, game, ...request }) {
  if (type !== 'solve') throw new Error(`unknown request type: ${String(type)}`);
  const solve = GAMES[game];
  if (!solve) throw new Error(`unknown game: ${String(game)}`);
  const eng = await engine;
  let lastPost = performance.now();
  const onProgress = (relaxations, { decided, states }) => {
    const now = performance.now();
    if (now - lastPost < PROGRESS_EVERY_MS) return;
    lastPost = now;
    self.postMessage({ id, type: 'progress', relaxations, decided, states });
  };
  const t0 = performance.now();
  const result = solve(eng, request, onProgress);
  result.ms = performance.now() - t0;
  self.postMessage({ id, type: 'result', result }, transferables(result));
}

self.onmessage = (event) => {
  const id = event.data?.id;
  handle(event.data).catch((err) => {
    self.postMessage({
      id,
      type: 'error',
      message: err?.message || String(err),
      status: err?.status ?? 'internal',
    });
  });
};
