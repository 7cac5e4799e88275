// use-theme.js: light or dark. Follows prefers-color-scheme until the person
// picks one with the toggle; the pick is remembered in localStorage.
import { useEffect, useState } from 'preact/hooks';

const STORAGE_KEY = 'perfect-play:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedTheme() {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null; // storage may be disabled
  }
}

function systemTheme() {
  return globalThis.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Sets data-theme on <html> (base.css reads it); null follows the system. */
export function applyTheme(choice = storedTheme()) {
  const root = document.documentElement;
  if (choice) root.dataset.theme = choice;
  else delete root.dataset.theme;
}

export function useTheme() {
  const [choice, setChoice] = useState(storedTheme);
  const [system, setSystem] = useState(systemTheme);

  useEffect(() => {
    const query = globalThis.matchMedia?.(DARK_QUERY);
    if (!query) return undefined;
    const onChange = () => setSystem(systemTheme());
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const theme = choice ?? system;
  const toggle = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // not remembered, still applied
    }
    applyTheme(next); // before rendering, so canvases read the new colours
    setChoice(next);
  };
  return { theme, toggle };
}
