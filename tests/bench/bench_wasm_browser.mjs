// bench_wasm_browser.mjs: the game-tree and DP solvers in WebAssembly in
// Debian's Chromium, the browser the page runs in, with the same measurements
// as in Node (wasm-measure.js) and the same modules as the page's worker
// (pp-tree, pp-dp), against the native figures. Chromium's V8 is newer than
// Node's, so its figures can differ from Node's; both are printed by
// ./build.sh bench.
//   node tests/bench/bench_wasm_browser.mjs build/bench_tree.txt build/bench_dp.txt
import { chromium } from '@playwright/test';
import { chromiumOptions } from './chromium.mjs';
import { servePage } from './serve-dist.mjs';
import { dpNative, printDp, printTree, treeNative } from './wasm-report.mjs';

// The page: the bindings and the measurements, imported as they are from the tree.
const PAGE = `<!doctype html><meta charset="utf-8"><title>WASM bench</title>
<script type="module">
import { loadEngine } from '/web/src/engine/binding.js';
import { bindTree } from '/web/src/engine/binding-tree.js';
import { bindDp } from '/web/src/engine/binding-dp.js';
import createTree from '/web/src/engine/wasm/pp-tree.mjs';
import createDp from '/web/src/engine/wasm/pp-dp.mjs';
import { TREE_CASES, dpCases, measureDp, measureTree } from '/tests/bench/wasm-measure.js';
window.run = async () => {
  const tree = bindTree((await loadEngine({ create: createTree })).kit);
  const treeRows = TREE_CASES.map((c) => ({ label: c.label, key: c.key, m: measureTree(tree, c) }));
  const dp = bindDp((await loadEngine({ create: createDp })).kit);
  const dpRows = dpCases().map((c) => ({ key: c.name + ' ' + c.algo, m: measureDp(dp, c) }));
  return { treeRows, dpRows, version: navigator.userAgent.match(/Chrom\\w*\\/[\\d.]+/)?.[0] ?? navigator.userAgent };
};
window.ready = true;
</script>`;

const { server, url } = await servePage(PAGE, ['web/src', 'tests/bench']);

const browser = await chromium.launch(chromiumOptions(['--js-flags=--expose-gc']));
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page
    .waitForFunction(() => window.ready === true, null, { timeout: 30_000 })
    .catch(() => {
      throw new Error(`the bench page did not load: ${errors.join('; ') || 'no error reported'}`);
    });
  const { treeRows, dpRows, version } = await page.evaluate(() => window.run());
  console.log(`(${version})`);
  printTree(treeRows, await treeNative(process.argv[2]), 'Chromium');
  printDp(dpRows, await dpNative(process.argv[3]), 'Chromium');
} finally {
  await browser.close();
  server.close();
}
