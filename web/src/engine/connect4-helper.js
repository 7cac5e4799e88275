// connect4-helper.js: the second solver of Connect Four's analyses, a Web
// Worker that the page's solver client starts when its solver worker asks
// for one on a device of two cores or more (helper-port.js says why the
// page owns it). Its first message brings its end of the channel to the
// solver worker; it loads Connect Four's WASM module, pp-c4 (its own instance, its
// own table, kept between analyses) and searches the columns the solver
// worker shares out on that channel (connect4-share.js says how).
import { loadEngine } from './binding.js';
import { bindConnect4 } from './binding-connect4.js';
import { serveColumns } from './connect4-share.js';

self.onmessage = ({ data }) => {
  if (data?.type !== 'port' || !data.port) return;
  self.onmessage = null;
  serveColumns(data.port, async () => {
    const { default: create } = await import('./wasm/pp-c4.mjs');
    return bindConnect4((await loadEngine({ create })).kit);
  });
};
