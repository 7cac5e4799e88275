// Stone Game VI's exchange argument on numbers (lib/dp-view.js exchangeAt),
// on the greedy's real results: exchanging any pick with the next costs the
// mover exactly the difference of the two a + b, which is never negative.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindDp } from '../../web/src/engine/binding-dp.js';
import { exchangeAt } from '../../web/src/lib/dp-view.js';
import { sharedEngine } from './helpers/engine.mjs';

const dp = bindDp((await sharedEngine()).kit);

test('LeetCode 1686 example 1: Alice takes stone 1 (a + b = 4), Bob stone 0 (3); exchanged she loses 1', () => {
  const r = dp.solveDp('stone-game-vi', 'aliceValues = [1,3], bobValues = [2,1]', { algo: 'dp' });
  const x = exchangeAt(r, 0);
  assert.deepEqual(
    { mover: x.mover, took: x.took.stone, next: x.next.stone, played: x.played, swapped: x.swapped, cost: x.cost },
    { mover: 'Alice', took: 1, next: 0, played: 3 - 2, swapped: 1 - 1, cost: 4 - 3 },
  );
  assert.equal(exchangeAt(r, 1), null, 'the last pick has no next one');
});

test('on random inputs every exchange costs the mover the difference of the sums, never a gain', () => {
  let seed = 7;
  const rand = (k) => ((seed = (seed * 1103515245 + 12345) % 2147483648), 1 + (seed % k));
  for (let trial = 0; trial < 200; trial++) {
    const n = 2 + (trial % 9);
    const a = Array.from({ length: n }, () => rand(20));
    const b = Array.from({ length: n }, () => rand(20));
    const r = dp.solveDp('stone-game-vi', `aliceValues = [${a}], bobValues = [${b}]`, { algo: 'dp' });
    for (let k = 0; k + 1 < n; k++) {
      const x = exchangeAt(r, k);
      assert.equal(x.mover, k % 2 ? 'Bob' : 'Alice');
      assert.equal(x.cost, x.took.sum - x.next.sum);
      assert.ok(x.cost >= 0, `pick ${k + 1} of [${a}] / [${b}]`);
    }
  }
});

test('other games and the exhaustive search have no exchange', () => {
  assert.equal(exchangeAt(dp.solveDp('stone-game-vii', 'stones = [5,3,1,4,2]'), 0), null);
  assert.equal(exchangeAt(dp.solveDp('stone-game-vi', 'aliceValues = [1,3], bobValues = [2,1]', { algo: 'exhaustive' }), 0), null);
});
