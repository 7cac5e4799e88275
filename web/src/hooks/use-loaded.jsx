// use-loaded.jsx: a component fetched on first use (a dynamic import), so the
// app and each embed ship only the code of what they show: a pillar, or a
// part of one that only some of its views need (Connect Four in the Game
// trees tab, play against the solver, MCTS's panel, Compare).
import { useEffect, useState } from 'preact/hooks';

const loaded = new Map(); // a load function -> its component, once fetched

/**
 * { Component, error } for `load` (() => Promise<component>, the same
 * function on every call): Component is null until the code has arrived,
 * error a sentence if it could not be fetched. Fetched once per page.
 */
export function useLoaded(load) {
  const [Component, setComponent] = useState(() => loaded.get(load) ?? null);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (Component) return undefined;
    let live = true;
    load().then(
      (C) => {
        loaded.set(load, C);
        if (live) setComponent(() => C);
      },
      (e) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return { Component, error };
}

/**
 * A component that renders `load`'s once it has arrived, with its props;
 * meanwhile a line saying what is loading (`label`), or why it failed.
 */
export function lazyComponent(load, label) {
  return function Lazy(props) {
    const { Component, error } = useLoaded(load);
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
