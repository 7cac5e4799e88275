import { render } from 'preact';
import { App } from './components/app/index.jsx';
import { prewarmSolver } from './engine/client.js';
import { applyTheme } from './hooks/use-theme.js';
import { readParams } from './lib/share.js';
import './styles/base.css';

applyTheme(); // the remembered theme, before the first paint
readParams(window.location.search + window.location.hash).then(({ params, errors }) => {
  // Connect Four's view solves as soon as it shows: its worker and WASM start
  // loading now, beside the view's own code.
  if (params.game === 'tree' && params.kind === 'connect-four') prewarmSolver('connect-four');
  render(<App initial={params} linkErrors={errors} />, document.getElementById('app'));
});
