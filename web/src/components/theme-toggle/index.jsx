import './theme-toggle.css';

/** A button that switches between the light and dark themes. */
export function ThemeToggle({ theme, onToggle }) {
  const dark = theme === 'dark';
  return (
    <button type="button" class="theme-toggle" aria-pressed={dark ? 'true' : 'false'} data-testid="theme-toggle" title="Dark theme" onClick={onToggle}>
      <span aria-hidden="true" class="theme-toggle__icon">
        {dark ? '☾' : '☀'}
      </span>{' '}
      <span class="theme-toggle__label">Dark theme</span>
    </button>
  );
}
