// connect4-helper.js: the second solver of Connect Four's analyses, a Web
// Worker that the solver worker starts on a device of two cores or more
// (connect4-games.js). It loads the game trees' WASM module (its own
// instance, its own table, kept between analyses) and searches the columns
// the solver worker shares out (connect4-share.js says how).
import { loadEngine } from './binding.js';
import { bindConnect4 } from './binding-connect4.js';
import { serveColumns } from './connect4-share.js';

serveColumns(self, async () => {
  const { default: create } = await import('./wasm/pp-tree.mjs');
  return bindConnect4((await loadEngine({ create })).kit);
});
