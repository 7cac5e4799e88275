// lazy.js: the state graph as Cat and Mouse's views take it, fetched when
// first shown (or preloaded by a view that will show it), so their embeds
// of the board and the grids alone ship without it.
import { lazyComponent } from '../../hooks/use-loaded.jsx';

export const LazyStateGraph = lazyComponent(() => import('./index.jsx').then((m) => m.StateGraph), 'the state graph');
