// failure.js: a failure inside the solver, told apart from a problem in what
// the reader gave it. No Preact: the worker classifies what a request threw
// (failureOf), the client and the views say it (failureWords).
//
// A C status error (binding.js's EngineError: the input, a limit, the memory
// budget) carries a `status` and is the request's own answer: the rules or
// the input have a problem, or the game is too big. Anything else is the
// solver failing inside, with a kind of its own:
//   'trap'         a WebAssembly trap (WebAssembly.RuntimeError: a memory
//                  access out of bounds, `unreachable`, ...); the module's
//                  instance is unusable after it
//   'memory'       an allocation that failed outside the C library's own
//                  checks (a RangeError for an array or buffer, memory that
//                  could not grow, "out of memory")
//   'stack'        the call stack overflowed (deep recursion)
//   'bug'          an exception in the page's own code (TypeError, ...)
//   'load'         the solver's code or WASM module could not be loaded (the
//                  network; worker.js marks it)
//   'worker died'  the worker stopped with requests unanswered (client.js)
// A plain Error that our own code throws for a request it cannot run (an
// unknown game, a move that cannot be played) has no kind: it is the
// request's message, as a C status error's is.

/** The kinds whose failure leaves the worker's WASM module unusable: the worker is started anew. */
export const INTERNAL_KINDS = ['trap', 'memory', 'stack', 'bug', 'load', 'worker died'];

/** Marks `err` as the solver's code or module failing to load (kind 'load'), and returns it. */
export function loadFailure(err) {
  const marked = err instanceof Error ? err : new Error(String(err));
  marked.kind = 'load';
  return marked;
}

/** Whether an error (a worker's reply as client.js rejects it) is a failure inside the solver, not the request's problem. */
export function isInternal(err) {
  return INTERNAL_KINDS.includes(err?.kind);
}

const MEMORY_WORDS = /out of memory|allocation failed|could not allocate|cannot enlarge memory|maximum memory|invalid (typed )?array length|array buffer/i;
const STACK_WORDS = /call stack/i;

/**
 * What a request threw, as the worker replies it: { status, kind, message }.
 * status is the C library's pp_status name for its own errors ('input',
 * 'limit', 'nomem', ...), else 'internal'; kind is null for the request's
 * own errors, else one of INTERNAL_KINDS.
 */
export function failureOf(err) {
  const message = String(err?.message || err || 'the solver failed');
  if (typeof err?.status === 'string' && err.status !== 'internal') return { status: err.status, kind: null, message };
  const found = kindOf(err, message);
  // marked as a load: the network (Emscripten's loader aborts with a RuntimeError then), unless memory failed on the way
  const kind = err?.kind === 'load' && found !== 'memory' ? 'load' : found;
  return { status: 'internal', kind, message };
}

function kindOf(err, message) {
  if (typeof WebAssembly !== 'undefined' && err instanceof WebAssembly.RuntimeError) return MEMORY_WORDS.test(message) ? 'memory' : 'trap';
  if (err instanceof RangeError) return STACK_WORDS.test(message) ? 'stack' : 'memory';
  if (MEMORY_WORDS.test(message)) return 'memory';
  if (err instanceof TypeError || err instanceof ReferenceError || err instanceof SyntaxError) return 'bug';
  return null;
}

const WHAT = {
  trap: (m) => `a WebAssembly trap: ${m}`,
  memory: (m) => `memory ran out: ${m}`,
  stack: (m) => `the call stack overflowed: ${m}`,
  bug: (m) => `an error in the page's code: ${m}`,
  'worker died': () => 'its worker stopped before it answered',
};

/**
 * An internal failure in words, for any view: what failed, that the worker
 * was started anew, and whose fault it is (`what`: 'your rules', 'your
 * input', ...).
 */
export function failureWords(err, what = 'your input') {
  if (err?.kind === 'load') {
    return `The solver could not be loaded (${String(err.message ?? '').replace(/\.$/, '')}); the worker was restarted. Check the connection and solve again: nothing is wrong with ${what}.`;
  }
  const detail = (WHAT[err?.kind] ?? ((m) => m))(String(err?.message ?? '').replace(/\.$/, ''));
  return `The solver failed inside (${detail}); the worker was restarted. This is a bug in Perfect Play, not in ${what}.`;
}

/** What a view says for a failed request: a failure inside in failureWords's words, else the request's own message. */
export function errorWords(err, what = 'your input') {
  return isInternal(err) ? failureWords(err, what) : String(err?.message ?? err);
}
