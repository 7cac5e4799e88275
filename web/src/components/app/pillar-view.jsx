import { useLoaded } from '../../hooks/use-loaded.jsx';

/**
 * A pillar, fetched on first use (pillars.js `load`), so the app and each
 * embed ship only the code of the pillar they show. Props go to the pillar.
 */
export function PillarView({ pillar, ...props }) {
  const { value: Component, error } = useLoaded(pillar.load);
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
