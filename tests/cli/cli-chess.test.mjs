// cli-chess.test.mjs: `perfect-play solve chess-endgame FEN` and
// `perfect-play tablebase MATERIAL`: answers in moves, --json,
// one FEN a line from standard input, exit 2 naming the problem.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function run(args, input) {
  const r = spawnSync(cli, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
const solve = (fen, ...more) => run(['solve', 'chess-endgame', fen, ...more]);

test('answers in moves: mate in N, mated in N, draw', () => {
  // KRK's longest mate (16 moves, published) and its mirror with black to move
  assert.deepEqual(solve('8/8/8/8/8/2k5/1R6/K7 w - - 0 1'), { status: 0, stdout: 'mate in 16\n', stderr: '' });
  assert.equal(solve('k7/1Q6/1K6/8/8/8/8/8 b - - 0 1').stdout, 'mated in 0\n'); // checkmated now
  assert.equal(solve('k7/8/1QK5/8/8/8/8/8 b - - 0 1').stdout, 'draw\n'); // stalemate
  assert.equal(solve('k7/8/2K5/8/8/8/8/1Q6 w - - 0 1').stdout, 'mate in 1\n');
  assert.equal(solve('k7/8/2K5/8/8/8/8/1Q6 b - - 0 1').stdout, 'mated in 1\n');
  assert.equal(solve('8/8/8/8/8/8/8/K1k4B w - - 0 1').stdout, 'draw\n'); // KBK
  assert.equal(solve('8/8/8/8/8/8/8/K1k5 w - - 0 1').stdout, 'draw\n'); // bare kings
  assert.equal(solve('8/8/8/8/8/8/8/K1k5 w - -').stdout, 'draw\n'); // four fields
});

test('--json: answer, outcome, dtm in moves, plies, a best move, every move', () => {
  const r = solve('k7/8/2K5/8/8/8/8/1Q6 w - - 0 1', '--json');
  assert.equal(r.status, 0);
  const j = JSON.parse(r.stdout);
  assert.equal(j.answer, 'mate in 1');
  assert.equal(j.outcome, 'win');
  assert.equal(j.dtm, 1);
  assert.equal(j.plies, 1);
  assert.equal(j.best, 'b1b7');
  assert.equal(j.moves.length, 28);
  const b7 = j.moves.find((m) => m.uci === 'b1b7');
  assert.deepEqual([b7.outcome, b7.dtm], ['win', 1]);
  const b8 = j.moves.find((m) => m.uci === 'b1b8'); // Qb8+ Kxb8
  assert.deepEqual([b8.outcome, b8.dtm], ['draw', null]);
  assert.equal(j.stats.table, 'KQK');
  const draw = JSON.parse(solve('8/8/8/8/8/8/8/K1k5 w - - 0 1', '--json').stdout);
  assert.deepEqual([draw.outcome, draw.dtm, draw.plies], ['draw', null, null]);
  const mated = JSON.parse(solve('k7/1Q6/1K6/8/8/8/8/8 b - - 0 1', '--json').stdout);
  assert.deepEqual([mated.answer, mated.outcome, mated.dtm, mated.plies, mated.best, mated.moves], ['mated in 0', 'loss', 0, 0, null, []]);
});

test('- reads one FEN a line and answers one a line', () => {
  const r = run(['solve', 'chess-endgame', '-'], '8/8/8/8/8/2k5/1R6/K7 w - - 0 1\n\nk7/8/1QK5/8/8/8/8/8 b - - 0 1\nk7/1r6/8/8/8/8/8/2K5 b - - 0 1\n');
  assert.equal(r.status, 0);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 3);
  assert.equal(lines[0], 'mate in 16');
  assert.equal(lines[1], 'draw');
  assert.match(lines[2], /^mate in \d+$/);
});

test('bad input exits 2 with a message naming the problem', () => {
  const cases = [
    ['8/8/8/8/8/8/8/Kk6 w - - 0 1', /adjacent/],
    ['8/8/8/8/8/8/8/K1k5 w KQ - 0 1', /castling/],
    ['8/8/8/8/8/8/8/K1k4 w - - 0 1', /illegal FEN/],
    ['8/8/8/8/8/8/8/KQRk3n w - - 0 1', /more than four/],
    ['P7/8/8/8/8/8/8/K1k5 w - - 0 1', /first or last rank/],
    ['8/8/8/8/8/8/8/K1k4R w - - 0 1', /side not to move is in check/],
    ['k6R/8/8/8/8/8/8/K6r w - - 0 1', /both kings/],
    ['8/8/8/8/8/8/8/K2k4 w - e3 0 1', /en passant/],
    ['8/8/8/8/8/8/8/K2k4 w - e6 0 1', /en passant/],
    ['hello', /FEN/],
  ];
  for (const [fen, why] of cases) {
    const r = solve(fen);
    assert.equal(r.status, 2, fen);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, why, fen);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  const line = run(['solve', 'chess-endgame', '-'], '8/8/8/8/8/8/8/K1k5 w - - 0 1\n8/8/8/8/8/8/8/Kk6 w - - 0 1\n');
  assert.equal(line.status, 2);
  assert.match(line.stderr, /line 2: .*adjacent/);
  for (const m of ['KQX', 'KQRRKR', 'QKK', 'K', '']) {
    const r = run(['tablebase', m]);
    assert.equal(r.status, 2, m);
    assert.match(r.stderr, /material|usage/, m);
  }
});

test('five pieces: solve still refuses them; tablebase says the memory before building and refuses when short', () => {
  // the CLI contract: solve covers up to four pieces
  const five = solve('8/8/8/1R6/5r2/8/3KB3/5k2 w - - 0 1');
  assert.equal(five.status, 2);
  assert.match(five.stderr, /more than four pieces/);
  // KRBKR holds about 1.3 GB while building: said first, and refused under a 100 MiB limit
  const r = run(['tablebase', 'KRBKR', '--max-memory', '100']);
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  const [said, refused] = r.stderr.trim().split('\n');
  const need = Number(said.match(/building needs (\d+) MiB/)[1]);
  // 335,544,320 index entries at 2 to 4 bytes while building (the engine's layer scan), plus the smaller tables
  assert.ok(need > (335544320 * 1.9) / 2 ** 20 && need < (335544320 * 4.2) / 2 ** 20, said);
  assert.match(refused, new RegExp(`not enough memory: building KRBKR needs ${need} MiB, the limit is 100 MiB`));
  // either colour first names the same table; pawns are not covered with five pieces
  const black = run(['tablebase', 'KRKRB', '--max-memory', '1']);
  assert.equal(black.status, 2);
  assert.match(black.stderr, /building KRBKR needs/);
  const pawns = run(['tablebase', 'KRPKR']);
  assert.equal(pawns.status, 2);
  assert.match(pawns.stderr, /pawnless only/);
  // --fen on a five-piece table that is not built: the build is refused first, nothing probed
  const probe = run(['tablebase', 'KBNKN', '--max-memory', '1', '--fen', '8/8/8/8/8/8/8/KBNk3n w - - 0 1']);
  assert.equal(probe.status, 2);
  assert.equal(probe.stdout, '');
});

test('tablebase --fen answers as solve does (four pieces), and --json says the memory', () => {
  const fen = '8/8/8/8/8/2k5/1R6/K7 w - - 0 1';
  const r = run(['tablebase', 'KRK', '--fen', fen]);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, solve(fen).stdout);
  assert.equal(r.stdout, 'mate in 16\n');
  const lines = run(['tablebase', 'KRK', '--fen', '-', '--json'], `${fen}\n\n8/8/8/8/8/2K5/1r6/k7 b - - 0 1\n`);
  const answers = lines.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    answers.map((a) => a.answer),
    ['mate in 16', 'mate in 16'],
  );
  assert.equal(answers[0].best, JSON.parse(solve(fen, '--json').stdout).best);
  const bad = run(['tablebase', 'KRK', '--fen', '-'], `${fen}\n8/8/8/8/8/8/8/Kk6 w - - 0 1\n`);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /line 2: .*adjacent/);
  // KQKR: 5,242,880 entries at 2 to 4 bytes while building, and KQK's and KRK's kept
  const j = JSON.parse(run(['tablebase', 'KQKR', '--json']).stdout);
  assert.ok(j.memory.needed_bytes > 5242880 * 1.9 && j.memory.needed_bytes < 5242880 * 4.2, j.memory.needed_bytes);
  assert.ok(j.memory.peak_rss_bytes > j.memory.needed_bytes * 0.9, j.memory.peak_rss_bytes);
});

test('tablebase KRK: statistics and the longest mate (16 moves, published)', () => {
  const r = run(['tablebase', 'KRK', '--json']);
  assert.equal(r.status, 0);
  const j = JSON.parse(r.stdout);
  assert.equal(j.material, 'KRK');
  assert.equal(j.longest_win.white.moves, 16);
  assert.equal(j.longest_win.black, null);
  assert.equal(solve(j.longest_win.white.fen).stdout, 'mate in 16\n');
  assert.equal(j.white_to_move.wins + j.white_to_move.draws + j.white_to_move.losses, j.positions.white);
  assert.equal(j.black_to_move.wins + j.black_to_move.draws + j.black_to_move.losses, j.positions.black);
  const hist = j.histogram.mate_in.reduce((a, b) => a + b, 0);
  assert.equal(hist, j.white_to_move.wins + j.black_to_move.wins);
  assert.equal(j.histogram.mate_in.length, 17);
  assert.equal(j.bytes_per_entry.kept, 1);
  // the limit: at most 4 bytes an entry while building, everything counted
  // (2 an entry and the solver's scratch, a larger share of a small table)
  assert.ok(j.bytes_per_entry.building >= 2 && j.bytes_per_entry.building <= 4, `${j.bytes_per_entry.building}`);
  const text = run(['tablebase', 'KQK']);
  assert.equal(text.status, 0);
  assert.match(text.stdout, /longest win, white to move: mate in 10 moves/);
});
