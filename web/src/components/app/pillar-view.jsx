import { useEffect, useState } from 'preact/hooks';

const loaded = new Map(); // a pillar's load function -> its component, once fetched

/**
 * A pillar, fetched on first use (pillars.js `load`), so the app and each
 * embed ship only the code of the pillar they show. Props go to the pillar.
 */
export function PillarView({ pillar, ...props }) {
  const [Component, setComponent] = useState(() => pillar.Component ?? loaded.get(pillar.load) ?? null);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (Component) return undefined;
    let live = true;
    pillar.load().then(
      (C) => {
        loaded.set(pillar.load, C);
        if (live) setComponent(() => C);
      },
      (e) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [pillar]);
  if (error) {
    return (
      <main class="pillar-loading" role="alert">
        <p>This part of the page could not be loaded ({error}). Reload to try again.</p>
      </main>
    );
  }
  if (!Component) {
    return (
      <main class="pillar-loading" aria-busy="true">
        <p>Loading {pillar.label}…</p>
      </main>
    );
  }
  return <Component {...props} />;
}
