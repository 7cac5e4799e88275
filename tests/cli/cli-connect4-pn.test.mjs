// cli-connect4-pn.test.mjs: `solve connect-four --algo pn|pn2|dfpn`, the
// proof-number searches as a stage on the generic game: the same score as
// the dedicated solver's strongest stage (and every column's, with --json)
// on the community's scored example, on the trace test's 6x5 position (its
// score) and on random positions of every small board; `-` one a line, --weak, and the
// options that are not theirs refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomPlay, rng } from '../js/helpers/random-play.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function run(args, input) {
  const r = spawnSync(cli, ['solve', 'connect-four', ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The answer and every column's score, as --json gives them. */
function scores(args) {
  const r = run([...args, '--json']);
  assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
  const j = JSON.parse(r.stdout);
  return { answer: j.answer, columns: j.columns, best: j.best_moves, algo: j.algo, nodes: j.stats.nodes };
}

function same(args, algo) {
  const want = scores([...args, '--algo', 'strongest']);
  const got = scores([...args, '--algo', algo]);
  assert.equal(got.algo, algo);
  assert.ok(got.nodes > 0, `${algo} ${args.join(' ')}: no expansion counted`);
  assert.deepEqual({ ...got, algo: 0, nodes: 0 }, { ...want, algo: 0, nodes: 0 }, `${algo} ${args.join(' ')}`);
}

test('dfpn, pn and pn2 score a position and its columns as the strongest stage does', () => {
  // the community's scored example (7x6: -15) and the trace test's 6x5 position
  assert.deepEqual(run(['44455554221', '--algo', 'dfpn']), { status: 0, stdout: '-15\n', stderr: '' });
  same(['44455554221'], 'dfpn');
  for (const algo of ['pn', 'pn2']) assert.deepEqual(run(['44455554221', '--algo', algo]), { status: 0, stdout: '-15\n', stderr: '' });
  const want = run(['444555666', '--size', '6x5']).stdout; // its columns take seconds: the score alone
  for (const algo of ['dfpn', 'pn']) assert.deepEqual(run(['444555666', '--size', '6x5', '--algo', algo]), { status: 0, stdout: want, stderr: '' });
});

test("dfpn and pn on random positions of 7x6, 6x5, 5x5 and 5x4 boards: the strongest stage's scores", () => {
  const rand = rng(32);
  for (const [w, h, stones] of [
    [7, 6, 30],
    [6, 5, 20],
    [5, 5, 12],
    [5, 4, 8],
  ]) {
    let found = 0;
    while (found < 2) {
      const seq = randomPlay(rand, w, h, stones);
      if (run([seq, '--size', `${w}x${h}`]).status !== 0) continue; // won on the way
      found++;
      for (const algo of ['dfpn', 'pn']) same([seq, '--size', `${w}x${h}`], algo);
    }
  }
});

test("- one position a line, --weak, and what is not a proof-number stage's exits 2; its budget exits 3", () => {
  assert.deepEqual(run(['-', '--algo', 'dfpn'], '44455554221\n614775661124651567554256721217\n'), { status: 0, stdout: '-15\n6\n', stderr: '' });
  assert.equal(run(['44455554221', '--algo', 'pn', '--weak']).stdout, '-1\n');
  const oneLine = (r, status, message) => {
    assert.equal(r.status, status, r.stderr);
    assert.equal(r.stdout, '');
    assert.ok(r.stderr.includes(message), r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  };
  oneLine(run(['4455', '--algo', 'dfpn', '--budget', '2000']), 3, 'dfpn: the search gave up after its budget of 2000 expansions');
  oneLine(run(['', '--size', '5x4', '--algo', 'pn', '--memory', '256K']), 3, 'pn: the memory limit of 262144 bytes is reached');
  oneLine(run(['4455', '--memory', '1M']), 2, '--memory is for pn, pn2, dfpn and mcts');
  oneLine(run(['4455', '--algo', 'dfpn', '--trace', '/tmp/never-written.txt']), 2, '--trace records a stage');
  oneLine(run(['4455', '--algo', 'dfpn', '--book', '/tmp/never-read.book']), 2, '--book gives the strongest stage');
  oneLine(run(['4455', '--algo', 'proof']), 2, 'strongest, pn, pn2, dfpn, mcts)');
});
