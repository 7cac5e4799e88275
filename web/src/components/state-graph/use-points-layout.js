import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * A big state graph's points layout, built off the main thread
 * (engine/layout-worker.js runs lib/points-layout.js) so the page answers
 * clicks while a million states are laid out. `request` is { job } or null;
 * its identity is the request: returns the answer for this very request, or
 * null while it is being built. The newest request always wins: a request
 * made while an older one runs terminates the worker (the older answer is
 * moot) and starts a new one, and a reply whose id is not the newest is
 * dropped, so a superseded layout never reaches the drawing.
 */
export function usePointsLayout(request) {
  const worker = useRef(null);
  const busy = useRef(false);
  const ids = useRef(0);
  const newest = useRef({ id: 0, request: null });
  const [done, setDone] = useState(null); // { request, answer } or { request, error }

  useEffect(() => {
    if (!request) {
      // Nothing to lay out now (a small graph, or none): a layout still running is moot.
      newest.current = { id: 0, request: null };
      if (busy.current && worker.current) {
        worker.current.terminate();
        worker.current = null;
        busy.current = false;
      }
      return;
    }
    const id = ++ids.current;
    newest.current = { id, request };
    if (typeof Worker !== 'function') {
      // No workers (a test outside a browser): the job runs here, its code fetched first.
      import('../../lib/points-layout.js').then((m) => {
        if (newest.current.id === id) setDone({ request, ...run(m.runLayoutJob, request.job) });
      });
      return;
    }
    if (busy.current && worker.current) {
      worker.current.terminate();
      worker.current = null;
      busy.current = false;
    }
    if (!worker.current) {
      const w = new Worker(new URL('../../engine/layout-worker.js', import.meta.url), { type: 'module', name: 'layout' });
      w.onmessage = (e) => {
        if (worker.current !== w) return;
        busy.current = false;
        const { id: replied, answer, error } = e.data;
        if (replied !== newest.current.id) return; // superseded: dropped
        setDone(error ? { request: newest.current.request, error } : { request: newest.current.request, answer });
      };
      w.onerror = (e) => {
        if (worker.current !== w) return;
        busy.current = false;
        setDone({ request: newest.current.request, error: e.message || 'the layout worker failed' });
      };
      worker.current = w;
    }
    busy.current = true;
    worker.current.postMessage({ id, job: request.job });
  }, [request]);
  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );
  return done && done.request === request ? done : null;
}

function run(runLayoutJob, job) {
  try {
    return { answer: runLayoutJob(job).answer };
  } catch (err) {
    return { error: String(err?.message || err) };
  }
}
