// cli-gdl-bialphabeta.test.mjs: `solve gdl FILE --algo bialphabeta`, the
// security values by BIab's search (serialized bounds, then exact values
// only where the start needs them), against the default solve (backward
// induction at every state) on our rule files: the same answer, values
// and start strategies (each of these games has one optimal strategy a
// role), never more linear programs, and the search's counts. The C tests
// (tests/c/test_gdl_bialphabeta.c) check random games and the strategies
// against the whole start matrix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function solve(file, extra = []) {
  const r = spawnSync(cli, ['solve', 'gdl', join(root, file), ...extra], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return extra.includes('--json') ? JSON.parse(r.stdout) : r.stdout;
}

const files = [
  'web/src/gdl/examples/rock-paper-scissors.kif',
  'web/src/gdl/examples/prisoners-dilemma.kif',
  'web/src/gdl/examples/free-number.kif',
  'tests/gdl/games/pennies-twice.kif',
  'tests/gdl/games/turns3.kif',
];

for (const file of files) {
  test(`${file}: --algo bialphabeta answers as the default does`, () => {
    const bi = solve(file, ['--json']);
    const biab = solve(file, ['--json', '--algo', 'bialphabeta']);
    assert.equal(biab.algorithm, 'bialphabeta');
    assert.equal(bi.algorithm, 'security');
    assert.equal(biab.answer, bi.answer);
    assert.deepEqual(biab.security, bi.security);
    assert.deepEqual(biab.strategies, bi.strategies);
    assert.deepEqual(biab.maxn, bi.maxn);
    assert.equal(biab.states, bi.states);
    assert.ok(biab.stats.linear_programs <= bi.stats.linear_programs);
    const s = biab.search;
    assert.ok(s.valued_exactly >= 1 && s.pinned_by_bounds <= s.valued_exactly && s.searches >= s.valued_exactly);
    assert.equal(bi.search, undefined);
    // the words alone, the same
    assert.equal(solve(file, ['--algo', 'bialphabeta']), solve(file));
  });
}

test('the search skips what the bounds pin: the prisoners dilemma and three roles taking turns run no program', () => {
  const pd = solve('web/src/gdl/examples/prisoners-dilemma.kif', ['--json', '--algo', 'bialphabeta']);
  assert.equal(pd.stats.linear_programs, 0);
  assert.deepEqual(pd.search, { valued_exactly: 2, pinned_by_bounds: 2, searches: 2 });
  // taking turns, every state's bounds meet: the start pinned for each of the three roles
  const t3 = solve('tests/gdl/games/turns3.kif', ['--json', '--algo', 'bialphabeta']);
  assert.deepEqual(t3.search, { valued_exactly: 3, pinned_by_bounds: 3, searches: 3 });
  // rock-paper-scissors has no saddle point: both roles' programs run
  const rps = solve('web/src/gdl/examples/rock-paper-scissors.kif', ['--json', '--algo', 'bialphabeta']);
  assert.equal(rps.stats.linear_programs, 2);
});

test('--algo bialphabeta takes a two-role game taking turns too: its security values', () => {
  const r = solve('web/src/gdl/examples/nim.kif', ['--json', '--algo', 'bialphabeta']);
  const d = solve('web/src/gdl/examples/nim.kif', ['--json', '--algo', 'retrograde']);
  const first = r.roles[0];
  // the first role's security value is the turn solve's value
  assert.equal(r.security[first], String(d.value));
  assert.equal(r.kind, 'turns');
});
