// use-loaded.jsx: code or data fetched on first use (a dynamic import), so
// the app and each embed ship only what they show: a pillar, a part of one
// that only some of its views need (Connect Four in the Game trees tab, play
// against the solver, MCTS's panel, Compare), or a kind's examples.
import { useEffect, useState } from 'preact/hooks';

const loaded = new Map(); // a load function -> what it gave, once fetched
const asked = new Map(); // a load function -> its promise, once asked

/** `load()`'s promise, asked once; what it gives is kept for useLoaded. */
function fetchOnce(load) {
  if (!asked.has(load)) {
    const p = load().then((v) => {
      loaded.set(load, v);
      return v;
    });
    // a failed fetch may be asked again (the next view that shows it)
    p.catch(() => asked.delete(load));
    asked.set(load, p);
  }
  return asked.get(load);
}

/**
 * { value, error } for `load` (() => Promise, the same function on every
 * call; null: nothing to fetch yet): value is null until it has arrived,
 * error a sentence if it could not be fetched. Fetched once per page.
 */
export function useLoaded(load) {
  const [value, setValue] = useState(() => (load && loaded.get(load)) ?? null);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (!load) return undefined;
    if (loaded.has(load)) {
      setValue(() => loaded.get(load));
      return undefined;
    }
    setValue(null); // not another load's
    setError(null);
    let live = true;
    fetchOnce(load).then(
      (v) => {
        if (live) setValue(() => v);
      },
      (e) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return { value: load ? value : null, error: load ? error : null };
}

/**
 * A component that renders `load`'s once it has arrived, with its props;
 * meanwhile a line saying what is loading (`label`), or why it failed.
 * Its `preload()` fetches the code ahead of the first render (a view that
 * will surely show it, once its data arrives).
 */
export function lazyComponent(load, label) {
  function Lazy(props) {
    const { value: Component, error } = useLoaded(load);
    if (error) {
      return (
        <p class="lazy-loading" role="alert">
          {label} could not be loaded ({error}). Reload to try again.
        </p>
      );
    }
    if (!Component) {
      return (
        <p class="lazy-loading" aria-busy="true">
          Loading {label}…
        </p>
      );
    }
    return <Component {...props} />;
  }
  Lazy.preload = () => fetchOnce(load).catch(() => {});
  return Lazy;
}
