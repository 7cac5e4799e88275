// Links: the state in the URL survives the round trip, long inputs are
// packed in a versioned format, and hostile or damaged parameters are
// reported, never trusted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INLINE_LIMIT, MAX_PARAMS, intParam, oneOf, packInput, readParams, unpackInput, writeParams } from '../../web/src/lib/share.js';
import { attr, embedSnippets } from '../../web/src/lib/embed-code.js';
import { embedOptions } from '../../web/src/hooks/use-view-state.js';

function randomText(seed, length) {
  let x = seed;
  let s = '[';
  while (s.length < length) {
    x = (x * 1103515245 + 12345) % 2147483648;
    s += `${x % 1000},`;
  }
  return `${s}0]`;
}

test('short inputs stay readable, long ones are packed into the fragment as #z=1.… and come back exactly', async () => {
  const short = 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]';
  const q1 = await writeParams({ game: 'cat-mouse', input: short, step: '40' });
  assert.equal(q1, `?game=cat-mouse&input=${encodeURIComponent(short).replace(/%20/g, '+')}&step=40`);
  assert.deepEqual({ ...(await readParams(q1)).params }, { game: 'cat-mouse', input: short, step: '40' });

  for (const seed of [1, 2, 3]) {
    const long = `graph = ${randomText(seed, 5000 * seed)} ünïcödé`;
    const q = await writeParams({ game: 'cat-mouse', input: long });
    assert.match(q, /^\?game=cat-mouse#z=1\.[A-Za-z0-9_-]+$/);
    assert.ok(q.length < long.length, 'the packed link is shorter than the text');
    const back = await readParams(q);
    assert.deepEqual(back.errors, []);
    assert.equal(back.params.input, long);
    assert.equal(back.params.z, undefined);
  }
  const edge = 'x'.repeat(INLINE_LIMIT);
  assert.match(await writeParams({ input: edge }), /^\?input=x+$/);
  assert.match(await writeParams({ input: `${edge}x` }), /^#z=1\./);
  // The other parameters stay in the query, before the fragment.
  assert.match(await writeParams({ game: 'gdl', input: `${edge}x`, step: '3' }), /^\?game=gdl&step=3#z=1\.[A-Za-z0-9_-]+$/);
});

test('a z in the query (older links, embeds) is read, the one in the fragment wins, and the fragment carries nothing else', async () => {
  const a = await packInput(`a${'x'.repeat(300)}`);
  const b = await packInput(`b${'y'.repeat(300)}`);
  const old = await readParams(`?game=gdl&z=${a}`);
  assert.deepEqual(old.errors, []);
  assert.equal(old.params.input, `a${'x'.repeat(300)}`);
  const both = await readParams(`?game=gdl&z=${a}#z=${b}`);
  assert.deepEqual(both.errors, []);
  assert.equal(both.params.input, `b${'y'.repeat(300)}`);
  const extra = await readParams(`?game=gdl#z=${b}&game=tree&step=4`);
  assert.equal(extra.params.game, 'gdl', 'a parameter in the fragment does not override the query');
  assert.equal(extra.params.step, undefined);
  assert.equal(extra.params.input, `b${'y'.repeat(300)}`);
  assert.deepEqual(extra.errors, ["The link's fragment holds more than the compressed input; the rest was ignored."]);
  const hostile = await readParams('?game=gdl#z=1.<img src=x onerror=alert(1)>');
  assert.equal(hostile.params.input, undefined);
  assert.equal(hostile.errors.length, 1);
  assert.match(hostile.errors[0], /^The link's compressed input is damaged/);
  const empty = await readParams('#');
  assert.deepEqual({ ...empty.params }, {});
  assert.deepEqual(empty.errors, []);
});

test('parameters come out in a stable order with empty ones left out', async () => {
  const q = await writeParams({ step: '3', sel: '', algo: 'minimax', input: '[1,2]', game: 'tree', order: undefined, tt: null });
  assert.equal(q, '?game=tree&input=%5B1%2C2%5D&algo=minimax&step=3');
  assert.equal(await writeParams({}), '');
});

test('a damaged or unknown compressed input is reported, not guessed at', async () => {
  const good = await packInput('[[1,2],[3,4]]');
  assert.equal(await unpackInput(good), '[[1,2],[3,4]]');
  await assert.rejects(unpackInput(`2${good.slice(1)}`), /unknown format \(version "2"/);
  await assert.rejects(unpackInput('no-dot'), /unknown format/);
  await assert.rejects(unpackInput('1.!!!!'), /damaged.*base64url/);
  await assert.rejects(unpackInput(good.slice(0, -3)), /damaged/, 'a truncated stream');
  await assert.rejects(unpackInput('1.AAAAAAAA'), /damaged/);
  const { params, errors } = await readParams('?game=tree&z=1.%25%25');
  assert.equal(params.input, undefined);
  assert.equal(params.game, 'tree');
  assert.equal(errors.length, 1);
  assert.match(errors[0], /^The link's compressed input is damaged.*default instance is shown\.$/);
});

test('hostile parameter names and oversized values are dropped with a message', async () => {
  const script = '<script>alert(1)</script>';
  const q = `?${encodeURIComponent(script)}=1&game=${encodeURIComponent(script)}&step=${'9'.repeat(5000)}&__proto__=x&constructor=y`;
  const { params, errors } = await readParams(q);
  assert.equal(Object.getPrototypeOf(params), null);
  assert.equal(params.game, script, 'values are kept as data: the pillar validates them');
  assert.equal(params.step, undefined);
  assert.equal(params.__proto__, undefined);
  assert.equal(params.constructor, 'y', 'a plain name, harmless on a prototype-less object');
  assert.equal(errors.length, 3);
  assert.match(errors[0], /^The link's parameter "<script>alert\(1\)<\/script>" is not one this page knows/);
  assert.match(errors[1], /"step" is longer than 4,096 characters/);
  assert.match(errors[2], /"__proto__" is not one this page knows/);
  const many = `?${Array.from({ length: MAX_PARAMS + 5 }, (_, i) => `p${i}=1`).join('&')}`;
  const r = await readParams(many);
  assert.equal(Object.keys(r.params).length, MAX_PARAMS);
  assert.match(r.errors.at(-1), /more than 40 parameters/);
});

test('numbers and choices from a link are checked as data', () => {
  assert.equal(intParam('42', 0, 100), 42);
  assert.equal(intParam('-1', 0, 100), null);
  assert.equal(intParam('101', 0, 100, 7), 7);
  assert.equal(intParam('4e1', 0, 100), null);
  assert.equal(intParam('1.5', 0, 100), null);
  assert.equal(intParam(' 4', 0, 100), null);
  assert.equal(intParam(undefined, 0, 100), null);
  assert.equal(oneOf('minimax', ['minimax', 'alphabeta']), 'minimax');
  assert.equal(oneOf('toString', ['minimax']), null);
  assert.deepEqual(embedOptions({}), { controls: 'full', autoplay: false, loop: null, speed: null, views: null });
  assert.deepEqual(embedOptions({ controls: 'none', autoplay: '1', loop: '5-40', speed: '250', view: 'board, graph' }), {
    controls: 'none',
    autoplay: true,
    loop: [5, 40],
    speed: 250,
    views: new Set(['board', 'graph']),
  });
  assert.equal(embedOptions({ view: '<b>,toString' }).views, null, "no known view: the game's own");
  assert.deepEqual(embedOptions({ view: 'graph,nonsense' }).views, new Set(['graph']));
  assert.deepEqual(embedOptions({ controls: '<b>', autoplay: 'yes', loop: '40-5', speed: '0' }), {
    controls: 'full',
    autoplay: false,
    loop: null,
    speed: null,
    views: null,
  });
});

test('embed snippets escape what they quote and pack long inputs', async () => {
  assert.equal(attr('a"b<c>&'), 'a&quot;b&lt;c&gt;&amp;');
  const params = { game: 'tree', input: '[[3,12,8],[2,4,6],[14,5,2]]', step: '9' };
  const query = await writeParams(params);
  const { iframe, element } = await embedSnippets('https://example.org/pp/index.html?x=1', params, { title: 'A "tree"', query });
  assert.ok(iframe.includes('src="https://example.org/pp/embed.html?game=tree&amp;input='));
  assert.ok(iframe.includes('title="A &quot;tree&quot;"'));
  assert.ok(iframe.includes('<script type="module" src="https://example.org/pp/embed-host.js"></script>'));
  assert.ok(element.includes('<perfect-play game="tree" input="[[3,12,8],[2,4,6],[14,5,2]]" step="9"></perfect-play>'));
  const long = { game: 'tree', input: randomText(9, 900) };
  const packed = await embedSnippets('https://example.org/', long, { query: await writeParams(long) });
  assert.match(packed.element, /<perfect-play game="tree" z="1\.[A-Za-z0-9_-]+"><\/perfect-play>/);
});
