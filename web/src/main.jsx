import { render } from 'preact';
import { App } from './components/app/index.jsx';
import { applyTheme } from './hooks/use-theme.js';
import './styles/base.css';

applyTheme(); // the remembered theme, before the first paint
render(<App />, document.getElementById('app'));
