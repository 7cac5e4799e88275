import { render } from 'preact';
import { App } from './components/app/index.jsx';
import { applyTheme } from './hooks/use-theme.js';
import { readParams } from './lib/share.js';
import './styles/base.css';

applyTheme(); // the remembered theme, before the first paint
readParams(window.location.search + window.location.hash).then(({ params, errors }) => {
  render(<App initial={params} linkErrors={errors} />, document.getElementById('app'));
});
