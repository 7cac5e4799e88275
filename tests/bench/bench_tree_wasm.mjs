// bench_tree_wasm.mjs: the minimax / alpha-beta core in WASM (Node), the same
// measurements as bench_tree.c: positions per second on the 4x4 tic-tac-toe
// solve and on random uniform trees (given order), the first (cold) call and
// the fastest of the warm batches; with the native output file as argument,
// the ratio native / WASM (the target is at most 1.5). The module is pp-tree,
// the one the page's worker loads for the game trees.
//   node tests/bench/bench_tree_wasm.mjs [build/bench_tree.txt]
import { readFile } from 'node:fs/promises';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { loadEngine } from '../../web/src/engine/binding.js';
import { TREE_CASES, measureTree } from './wasm-measure.js';
import { printTree, treeNative } from './wasm-report.mjs';

const wasm = await readFile(new URL('../../web/src/engine/wasm/pp-tree.wasm', import.meta.url));
const { default: create } = await import('../../web/src/engine/wasm/pp-tree.mjs');
const tree = bindTree((await loadEngine({ wasmBinary: wasm, create })).kit);

const rows = TREE_CASES.map((c) => ({ ...c, m: measureTree(tree, c) }));
printTree(rows, await treeNative(process.argv[2]), 'Node');
