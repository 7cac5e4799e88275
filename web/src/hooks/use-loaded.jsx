// use-loaded.jsx: code or data fetched on first use (a dynamic import), so
// the app and each embed ship only what they show: a pillar, a part of one
// that only some of its views need (Connect Four in the Game trees tab, play
// against the solver, MCTS's panel, Compare), or a kind's examples.
import { useEffect, useState } from 'preact/hooks';

const loaded = new Map(); // a load function -> what it gave, once fetched

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
    load().then(
      (v) => {
        loaded.set(load, v);
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
 */
export function lazyComponent(load, label) {
  return function Lazy(props) {
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
  };
}
