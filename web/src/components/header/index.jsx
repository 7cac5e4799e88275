import { ThemeToggle } from '../theme-toggle/index.jsx';
import './header.css';

export function Header({ game, theme, onToggleTheme, children }) {
  return (
    <header class="header">
      <div class="header__titles">
        <h1 class="header__title">Perfect Play</h1>
        <p class="header__game" data-testid="game-label">
          {game}
        </p>
      </div>
      {children}
      <ThemeToggle theme={theme} onToggle={onToggleTheme} />
    </header>
  );
}
