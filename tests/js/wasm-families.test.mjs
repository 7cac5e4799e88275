// The page's WASM modules, one per family (build.sh: pp-cm, pp-tree, pp-c4,
// pp-dp, pp-chess):
// each solves its own games through the worker's real entries, holds no
// other family's exports (so an embed fetches only its solvers), and the
// worker's routing (families.js) sends every game and algorithm to the
// module that has what its entry calls.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindCatMouse } from '../../web/src/engine/binding-catmouse.js';
import { DP_ALGOS, DP_GAMES } from '../../web/src/engine/binding-dp.js';
import { TREE_GAMES } from '../../web/src/engine/binding-tree.js';
import { CM2_WORKER_GAMES } from '../../web/src/engine/cm2-games.js';
import { DP_WORKER_GAMES } from '../../web/src/engine/dp-games.js';
import { familyOf, ROUTES, routeOf } from '../../web/src/engine/families.js';
import { CATMOUSE_WORKER_GAMES } from '../../web/src/engine/catmouse-games.js';
import { CHESS_WORKER_GAMES } from '../../web/src/engine/chess-games.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';
import { TREE_WORKER_GAMES } from '../../web/src/engine/tree-games.js';
import { CONNECT4_WORKER_GAMES } from '../../web/src/engine/connect4-games.js';
import { DP_ALGO_NAMES, DP_GAME_NAMES, DP_TREE_GAMES } from '../../web/src/lib/dp-names.js';
import { EXAMPLE_1 } from './helpers/engine.mjs';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
async function family(name) {
  const { default: create } = await import(new URL(`${name}.mjs`, wasmDir));
  const engine = await loadEngine({ create, wasmBinary: await readFile(new URL(`${name}.wasm`, wasmDir)) });
  return { ...engine, ...bindCatMouse(engine.kit) };
}
const engines = {
  cm: await family('pp-cm'),
  tree: await family('pp-tree'),
  c4: await family('pp-c4'),
  dp: await family('pp-dp'),
  chess: await family('pp-chess'),
};
const full = await family('pp');

/** An export of each family, to tell which a module holds. */
const MARKS = { cm: '_ppw_retro_new_catmouse', c4: '_ppw_c4_book_load', dp: '_ppw_dp_solve', chess: '_ppw_chess_job_new' };
/** The game trees' searches, in both of the modules that search trees. */
const TREE_MARK = '_ppw_ab_new';

test('each family module holds its own exports and none of the others', () => {
  for (const [name, eng] of Object.entries(engines)) {
    for (const [other, mark] of Object.entries(MARKS)) {
      assert.equal(typeof eng.kit.M[mark], other === name ? 'function' : 'undefined', `${mark} in pp-${name}`);
    }
  }
  for (const [name, eng] of Object.entries(engines))
    assert.equal(typeof eng.kit.M[TREE_MARK], name === 'tree' || name === 'c4' ? 'function' : 'undefined', `${TREE_MARK} in pp-${name}`);
  for (const mark of [...Object.values(MARKS), TREE_MARK]) assert.equal(typeof full.kit.M[mark], 'function', `${mark} in pp`);
  // Asked for what it lacks, a module says where it is, rather than failing on an undefined export.
  assert.throws(() => engines.tree.solveCatMouse(EXAMPLE_1), /no Cat and Mouse solver \(it is in pp-cm\)/);
});

test('the family modules are smaller than the whole', async () => {
  const size = async (name) => (await readFile(new URL(`${name}.wasm`, wasmDir))).length;
  const whole = await size('pp');
  for (const name of ['pp-cm', 'pp-tree', 'pp-c4', 'pp-dp', 'pp-chess']) assert.ok((await size(name)) < 0.7 * whole, `${name} is under 70% of pp`);
});

test('each family solves its games through the worker entries, as the whole module does', () => {
  const none = () => {};
  assert.equal(engines.cm.solveCatMouse(EXAMPLE_1).answer, full.solveCatMouse(EXAMPLE_1).answer);
  const cm2 = 'grid = ["####F","#C...","M...."], catJump = 1, mouseJump = 2';
  assert.equal(CM2_WORKER_GAMES['cat-mouse-ii'](engines.cm, { input: cm2, trace: 'none' }, none).answer, true);
  const tree = TREE_WORKER_GAMES.tree(engines.tree, { input: '[[3,12,8],[2,4,6],[14,5,2]]', algo: 'alphabeta' }, none);
  assert.equal(tree.value, 3);
  const vii = DP_WORKER_GAMES['stone-game-vii'](engines.dp, { input: 'stones = [5,3,1,4,2]', trace: 'none' }, none);
  assert.equal(vii.answerText, '6');
});

test('familyOf sends every game and algorithm to a module its entry can run on', () => {
  assert.deepEqual([...DP_ALGO_NAMES].sort(), Object.keys(DP_ALGOS).sort());
  assert.deepEqual([...DP_GAME_NAMES].sort(), Object.keys(DP_GAMES).sort());
  assert.deepEqual(
    [...DP_TREE_GAMES].sort(),
    Object.keys(TREE_GAMES)
      .filter((g) => DP_GAME_NAMES.includes(g))
      .sort(),
  );
  const none = () => {};
  const inputs = { nim: 'n = 4', 'can-i-win': 'maxChoosableInteger = 4, desiredTotal = 6', 'predict-the-winner': 'nums = [1,5,2]' };
  for (const game of DP_TREE_GAMES) {
    for (const algo of ['dp', 'minimax', 'alphabeta']) {
      const fam = familyOf(game, algo);
      assert.equal(fam, algo === 'dp' ? 'dp' : 'tree', `${game} ${algo}`);
      const r = DP_WORKER_GAMES[game](engines[fam], { input: inputs[game], algo, trace: 'none' }, none);
      assert.ok(r.answerText !== undefined || r.value !== undefined, `${game} ${algo} answers`);
    }
  }
  // A DP-only game with an unknown algorithm reaches the DP module, which says so.
  assert.equal(familyOf('stone-game-v', 'alphabeta'), 'dp');
  assert.throws(() => DP_WORKER_GAMES['stone-game-v'](engines.dp, { input: '[1,2]', algo: 'alphabeta' }, none), /unknown algorithm: alphabeta/);
  // Rules in GDL searched as a tree: in pp-gdl, beside the reasoner.
  for (const game of Object.keys(TREE_WORKER_GAMES))
    if (!DP_GAME_NAMES.includes(game)) assert.equal(familyOf(game), game === 'gdl-rules' ? 'gdl' : 'tree', game);
  // Connect Four's entry and module are its own.
  assert.deepEqual(routeOf('connect-four'), { games: ['connect-four'], entries: 'c4', family: 'c4' });
  assert.equal(familyOf('cat-mouse', 'memo-dfs'), 'cm');
  assert.equal(familyOf('cat-mouse-ii'), 'cm');
});

test('every route names entries that hold its games, and every entry is reached by its own route', () => {
  // The entries' modules as worker.js ENTRIES loads them, by the name a route gives.
  const entries = {
    catmouse: CATMOUSE_WORKER_GAMES,
    cm2: CM2_WORKER_GAMES,
    dp: DP_WORKER_GAMES,
    tree: TREE_WORKER_GAMES,
    c4: CONNECT4_WORKER_GAMES,
    chess: CHESS_WORKER_GAMES,
    gdl: GDL_WORKER_GAMES,
  };
  const families = new Set(['cm', 'tree', 'c4', 'dp', 'chess', 'gdl']);
  for (const r of ROUTES) {
    assert.ok(Object.hasOwn(entries, r.entries), `entries ${r.entries}`);
    assert.ok(families.has(r.family), `family ${r.family}`);
    for (const game of r.games ?? []) assert.ok(Object.hasOwn(entries[r.entries], game), `${game} in ${r.entries}`);
  }
  // (a DP game that is a tree too reaches the trees' entry through the DP entries, which pass its tree searches on)
  for (const [name, games] of Object.entries(entries)) {
    for (const game of Object.keys(games)) {
      const via = name === 'tree' && DP_GAME_NAMES.includes(game) ? 'dp' : name;
      assert.equal(routeOf(game, 'alphabeta').entries, via, `${game} is routed to ${via}`);
    }
  }
  // The last row takes any other game: the worker then says it does not know it.
  assert.deepEqual(routeOf('no-such-game'), { games: null, entries: 'tree', family: 'tree' });
});
