// A host page drives an embedded player by postMessage (lib/remote.js): the
// host is on another origin (a fake host served by the test), commands come
// from the parent window only, garbage is ignored, and a subscribed host hears
// of every cursor move. The <perfect-play> element offers the same as
// properties, methods and events.
import { expect, test } from './fixtures.js';
import { messages, openHost, timedMessages } from './host.js';

const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';

const lastStep = async (page) => (await messages(page, 'perfect-play:step')).at(-1);

test('a host on another origin drives the player through every command and hears every move', async ({ page, baseURL }) => {
  const player = await openHost(page, baseURL, `/embed.html?game=tree&input=${encodeURIComponent(TEXTBOOK)}&step=2&controls=minimal&id=fig-1`);
  const readout = player.getByTestId('readout');
  await expect(readout).toHaveAttribute('data-cursor', '2');
  await expect.poll(async () => (await messages(page, 'perfect-play:ready')).length).toBe(1);
  const total = Number(await readout.getAttribute('data-count'));
  expect((await messages(page, 'perfect-play:ready'))[0]).toEqual({ type: 'perfect-play:ready', total, id: 'fig-1' });
  // Not subscribed: no step messages yet.
  expect(await messages(page, 'perfect-play:step')).toEqual([]);

  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'subscribe' }));
  await expect.poll(() => lastStep(page)).toMatchObject({ type: 'perfect-play:step', id: 'fig-1', step: 2, total, playing: false });

  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', step: 9 }));
  await expect(readout).toHaveAttribute('data-cursor', '9');
  await expect.poll(() => lastStep(page)).toMatchObject({ step: 9, total });
  // "What happened": the readout's words for the current event.
  expect((await lastStep(page)).text).toBe(await player.locator('[data-testid="readout"] .player__what').innerText());

  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'first-cutoff' }));
  await expect(player.getByTestId('cut-mark').first()).toBeVisible();
  const cut = Number(await readout.getAttribute('data-cursor'));
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', step: 0 }));
  await expect(player.getByTestId('cut-mark')).toHaveCount(0);
  await page.evaluate((c) => window.send({ type: 'perfect-play:command', action: 'goto', step: c - 1 }), cut);
  await expect(readout).toHaveAttribute('data-cursor', String(cut - 1));
  await expect(player.getByTestId('cut-mark')).toHaveCount(0); // the moment is the first step showing a cut-off

  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'end' }));
  await expect(readout).toHaveAttribute('data-cursor', String(total));
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'start' }));
  await expect(readout).toHaveAttribute('data-cursor', '0');
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'next' }));
  await expect(readout).toHaveAttribute('data-cursor', String(cut)); // the trees' big steps are their cut-offs

  // The decision of a state: the leaf 12 (visit 3) is settled when it is read, and it is selected.
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'decision', state: 3 }));
  await expect(readout).not.toHaveAttribute('data-cursor', String(cut));
  const decided = Number(await readout.getAttribute('data-cursor'));
  expect(decided).toBeGreaterThan(0);
  await expect(player.locator('[data-testid="tree-view"] [data-node="3"]')).toHaveClass(/tree__node--selected/);

  // After a cut-off the drawn nodes and the search's visits are numbered apart: the third MIN node (node 9)
  // is settled by its exit, the 41st event.
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'decision', state: 9 }));
  await expect(readout).toHaveAttribute('data-cursor', '41');
  await expect(player.locator('[data-testid="tree-view"] [data-node="9"]')).toHaveClass(/tree__node--selected/);

  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'select', node: 1 }));
  await expect(player.locator('[data-testid="tree-view"] [data-node="1"]')).toHaveClass(/tree__node--selected/);
  await expect(player.locator('[data-testid="tree-view"] [data-node="3"]')).not.toHaveClass(/tree__node--selected/);

  // Speed, play, pause: the cursor runs, the host hears it playing, and it stops.
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', step: 0 }));
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'speed', speed: 8 }));
  const sent = await page.evaluate(() => {
    window.send({ type: 'perfect-play:command', action: 'play' });
    return performance.now();
  });
  await expect.poll(async () => (await lastStep(page)).step).toBeGreaterThan(2);
  expect((await lastStep(page)).playing).toBe(true);
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'pause' }));
  await expect.poll(async () => (await lastStep(page)).playing).toBe(false);
  const stopped = (await lastStep(page)).step;
  await expect(readout).toHaveAttribute('data-cursor', String(stopped));
  await page.waitForTimeout(400);
  await expect(readout).toHaveAttribute('data-cursor', String(stopped));
  // Every move was heard: from the play at step 0, one message a frame, and a frame applies at most
  // 2 events at 8 a second (a frame counts at most 250 ms). And the speed was taken (the default is 20):
  // 3 events at 8 a second take at least 375 ms, however slow the machine (a frame's clock is never early).
  const played = (await timedMessages(page, 'perfect-play:step')).filter((m) => m.playing);
  expect(played[0].step).toBe(0);
  for (let i = 1; i < played.length; i++) expect(played[i].step - played[i - 1].step).toBeGreaterThanOrEqual(1);
  for (let i = 1; i < played.length; i++) expect(played[i].step - played[i - 1].step).toBeLessThanOrEqual(2);
  const third = played.find((m) => m.step >= 3);
  expect(third.at - sent).toBeGreaterThanOrEqual(370); // less the clocks' coarsening

  // Unsubscribed: moves are no longer reported.
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'unsubscribe' }));
  const heard = (await messages(page, 'perfect-play:step')).length;
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', step: 5 }));
  await expect(readout).toHaveAttribute('data-cursor', '5');
  await page.waitForTimeout(200);
  expect((await messages(page, 'perfect-play:step')).length).toBe(heard);
});

test('garbage messages and commands from other windows are ignored, without an error', async ({ page, baseURL }) => {
  const player = await openHost(page, baseURL, `/embed.html?game=tree&input=${encodeURIComponent(TEXTBOOK)}&step=7&controls=minimal&events=1`);
  const readout = player.getByTestId('readout');
  await expect(readout).toHaveAttribute('data-cursor', '7');
  await expect.poll(() => lastStep(page)).toMatchObject({ step: 7, playing: false, id: null });
  await page.evaluate(() => {
    const C = 'perfect-play:command';
    const garbage = [
      null,
      undefined,
      0,
      42,
      'goto',
      '{"type":"perfect-play:command","action":"goto","step":1}',
      [C, 'goto', 1],
      true,
      {},
      { type: C },
      { type: 'perfect-play:commands', action: 'goto', step: 1 },
      { type: C, action: 'goto' },
      { type: C, action: 'goto', step: '1' },
      { type: C, action: 'goto', step: -1 },
      { type: C, action: 'goto', step: 1.5 },
      { type: C, action: 'goto', step: NaN },
      { type: C, action: 'goto', step: Infinity },
      { type: C, action: 'goto', step: 1e300 },
      { type: C, action: 'goto', step: null },
      { type: C, action: 'goto', step: { valueOf: 1 } },
      { type: C, action: 'goto', step: [1] },
      { type: C, action: 'goto', moment: 'nowhere' },
      { type: C, action: 'goto', moment: 'decision' },
      { type: C, action: 'goto', moment: 'decision', state: 99999 },
      { type: C, action: 'goto', moment: '__proto__' },
      { type: C, action: 'select', state: -3 },
      { type: C, action: 'select', node: 100000 },
      { type: C, action: 'select' },
      { type: C, action: 'speed', speed: 0 },
      { type: C, action: 'speed', speed: 'fast' },
      { type: C, action: 'speed' },
      { type: C, action: 'captions', captions: 'not a list' },
      { type: C, action: 'constructor' },
      { type: C, action: 'toString' },
      { type: C, action: 'eval', code: 'window.__pwned = 1' },
      { type: C, action: '__proto__', step: 1 },
      { type: C, action: 'captions', captions: [['<img src=x onerror="window.__pwned=2">']] },
      new Uint8Array(64),
      new Map([['type', C]]),
      new Date(),
      /goto/,
    ];
    for (const g of garbage) window.send(g);
    window.send({ type: 'perfect-play:command', action: 'speed', speed: 100000 }); // valid but harmless while paused
  });
  // Another window of the page (a sibling frame on a third origin) sends valid commands: nothing moves.
  await page.frame({ url: /other\.test/ }).evaluate(() => window.attack());
  await page.waitForTimeout(500);
  await expect(readout).toHaveAttribute('data-cursor', '7');
  await expect(player.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  await expect(player.locator('img[src="x"]')).toHaveCount(0);
  expect(await player.locator('html').evaluate(() => window.__pwned)).toBeUndefined();
  // The player still obeys its parent.
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', step: 3 }));
  await expect(readout).toHaveAttribute('data-cursor', '3');
  await expect.poll(() => lastStep(page)).toMatchObject({ step: 3 });
});

test('the <perfect-play> element: step, play, pause, speed, goto, select as properties and methods, step events', async ({ page }) => {
  await page.goto('/authors.html');
  const el = page.getByTestId('authors-tree');
  await el.scrollIntoViewIfNeeded();
  const content = page.frameLocator('[data-testid="authors-tree"] iframe');
  const readout = content.getByTestId('readout');
  // Commands given before the player is ready wait for it.
  await el.evaluate((node) => {
    window.heard = [];
    node.addEventListener('step', (e) => window.heard.push(e.detail));
    node.step = 4;
  });
  await expect(readout).toHaveAttribute('data-cursor', '4');
  await expect.poll(() => el.evaluate((node) => [node.step, node.total > 0])).toEqual([4, true]);
  const total = await el.evaluate((node) => node.total);
  expect(await page.evaluate(() => window.heard.at(-1))).toMatchObject({ step: 4, total, playing: false });

  await el.evaluate((node) => node.goto('first-cutoff'));
  await expect(content.getByTestId('cut-mark').first()).toBeVisible();
  await el.evaluate((node) => node.goto('end'));
  await expect(readout).toHaveAttribute('data-cursor', String(total));
  await expect.poll(() => el.evaluate((node) => node.step)).toBe(total);
  await el.evaluate((node) => node.select(2));
  await expect(content.locator('[data-testid="tree-view"] [data-node="2"]')).toHaveClass(/tree__node--selected/);

  await el.evaluate((node) => {
    node.step = 0;
    node.speed = 10;
    node.play();
  });
  await expect.poll(() => el.evaluate((node) => node.playing)).toBe(true);
  await expect.poll(() => el.evaluate((node) => node.step)).toBeGreaterThan(2);
  await el.evaluate((node) => node.pause());
  await expect.poll(() => el.evaluate((node) => node.playing)).toBe(false);
  const at = await el.evaluate((node) => node.step);
  await expect(readout).toHaveAttribute('data-cursor', String(at));
  // Its events came from its own player only: the other elements on the page did not move it.
  expect(await page.evaluate(() => window.heard.every((d) => Number.isInteger(d.step) && typeof d.text === 'string'))).toBe(true);
});

test('authors.html: the buttons drive the element, its step events fill the log, its child captions show', async ({ page }) => {
  await page.goto('/authors.html');
  const el = page.getByTestId('authors-driven');
  await el.scrollIntoViewIfNeeded();
  const content = page.frameLocator('[data-testid="authors-driven"] iframe');
  const caption = content.getByTestId('caption');
  await expect(content.getByTestId('readout')).toHaveAttribute('data-cursor', '0');
  await expect(caption).toHaveText('Nothing searched yet.');
  await page.getByRole('button', { name: "el.goto('first-cutoff')" }).click();
  await expect(page.getByTestId('authors-driven-log')).toContainText('step 23 of');
  await expect(content.getByTestId('cut-mark').first()).toBeVisible();
  await expect(caption).toContainText('are cut off');
  await page.getByRole('button', { name: 'el.step = 9' }).click();
  await expect(page.getByTestId('authors-driven-log')).toContainText('step 9 of');
  await expect(caption).toContainText('first branch');
  // A caption changed on the host page reaches the player without reloading it.
  await el.evaluate((node) => {
    node.querySelector('pp-caption[from="1"]').textContent = '<i>Changed</i> on the fly';
  });
  await expect(caption).toHaveText('<i>Changed</i> on the fly');
  await expect(content.getByTestId('readout')).toHaveAttribute('data-cursor', '9');
  await page.getByRole('button', { name: "el.goto('end')" }).click();
  await expect(caption).toBeHidden();
});

test('where frames are blocked, <perfect-play> shows its poster as a link to the app; where they are not, the player', async ({ context, baseURL }) => {
  // Its own page: the blocked frame is logged as a CSP error, which is the point here.
  const page = await context.newPage();
  const host = (csp) => `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="icon" href="data:,"><script type="module" src="/perfect-play.js"></script></head><body>
<perfect-play data-testid="el" game="tree" input="[[3,12,8],[2,4,6],[14,5,2]]" step="9" controls="minimal" poster="favicon.svg" title="Alpha-beta"></perfect-play>
</body></html>`;
  await page.route(`${baseURL}/blocked.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: host("default-src 'self'; frame-src 'none'; img-src 'self' data:") }),
  );
  await page.route(`${baseURL}/allowed.html`, (route) => route.fulfill({ contentType: 'text/html', body: host("default-src 'self'; img-src 'self' data:") }));

  await page.goto('/blocked.html');
  const link = page.getByTestId('el').locator('a[part="fallback-link"]');
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('el').locator('iframe')).toBeHidden();
  const href = new URL(await link.getAttribute('href'));
  expect(href.pathname).toBe('/index.html');
  expect(href.searchParams.get('game')).toBe('tree');
  expect(href.searchParams.get('step')).toBe('9');
  expect(href.searchParams.get('controls')).toBeNull(); // the app's view, not the embed's options
  const poster = link.locator('img[part="poster"]');
  await expect(poster).toHaveAttribute('alt', 'Alpha-beta');
  expect(await poster.evaluate((img) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);

  // The page's clock runs as usual, and is moved on past the fallback's
  // delay once the player has loaded, instead of waiting that long.
  await page.clock.install();
  await page.goto('/allowed.html');
  const content = page.frameLocator('[data-testid="el"] iframe');
  await expect(content.getByTestId('readout')).toHaveAttribute('data-cursor', '9');
  await page.clock.runFor(5500); // past the fallback's delay (5 s)
  await expect(page.getByTestId('el').locator('iframe')).toBeVisible();
  await expect(link).toBeHidden();
  await page.close();
});

test('Cat and Mouse: the decision of a state and the selection, by state number', async ({ page, baseURL }) => {
  const { stateId } = await import('../../web/src/lib/outcomes.js');
  const player = await openHost(page, baseURL, '/embed.html?game=cat-mouse&step=0&controls=full&events=1');
  const readout = player.getByTestId('readout');
  await expect(readout).toHaveAttribute('data-cursor', '0');
  await expect.poll(() => lastStep(page)).toMatchObject({ step: 0 });
  // Mouse on 1, cat on 3, mouse to move: coloured a cat win when its last move is found to lose (the 82nd event).
  const s = stateId(6, 1, 3, 0);
  await page.evaluate((state) => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'decision', state }), s);
  await expect(readout).toHaveAttribute('data-cursor', '82');
  await expect(readout).toContainText('COLOR (1,3,mouse)');
  await expect(player.getByTestId('board')).toContainText('Mouse on 1, cat on 3, mouse to move');
  // The start state is a draw: nothing decides it, nothing moves.
  await page.evaluate((state) => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'decision', state }), stateId(6, 1, 2, 0));
  await page.evaluate((state) => window.send({ type: 'perfect-play:command', action: 'select', state }), stateId(6, 4, 5, 1));
  await expect(player.getByTestId('board')).toContainText('Mouse on 4, cat on 5, cat to move');
  await expect(readout).toHaveAttribute('data-cursor', '82');
  await page.evaluate(() => window.send({ type: 'perfect-play:command', action: 'goto', moment: 'next' }));
  await expect.poll(async () => Number(await readout.getAttribute('data-cursor'))).toBeGreaterThan(82);
  await expect(readout).toContainText('COLOR');
});

test('commands sent as soon as the frame loads, before the player exists, are kept and applied', async ({ page, baseURL }) => {
  const player = await openHost(
    page,
    baseURL,
    `/embed.html?game=tree&input=${encodeURIComponent(TEXTBOOK)}&step=2&controls=minimal`,
    "player.addEventListener('load', () => { window.send({ type: 'perfect-play:command', action: 'goto', step: 30 }); window.send({ type: 'perfect-play:command', action: 'subscribe' }); });",
  );
  await expect(player.getByTestId('readout')).toHaveAttribute('data-cursor', '30');
  await expect.poll(() => lastStep(page)).toMatchObject({ step: 30 });
});

test('captions in the embed URL: shown at their steps as text only, kept by the app link; bad ones are named', async ({ page }) => {
  const captions = [
    [0, 3, 'Start <img src=x onerror="window.__pwned=1">'],
    [9, 9, 'Step nine'],
  ];
  await page.goto(
    `/embed.html?game=tree&input=${encodeURIComponent(TEXTBOOK)}&step=2&controls=minimal&captions=${encodeURIComponent(JSON.stringify(captions))}`,
  );
  const caption = page.getByTestId('caption');
  await expect(caption).toHaveText('Start <img src=x onerror="window.__pwned=1">');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '4');
  await expect(caption).toBeHidden();
  await page.getByTestId('timeline').fill('9');
  await expect(caption).toHaveText('Step nine');
  // "Open in Perfect Play" carries them to the app.
  await expect(page.getByTestId('embed-open')).toHaveAttribute('href', /captions=/);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();

  await page.goto(`/embed.html?game=tree&controls=minimal&captions=${encodeURIComponent('[[0,2,"ok"],[5,1,"backwards"],{"no":1}')}`);
  await expect(page.getByTestId('link-errors')).toContainText('not valid JSON');
  await page.goto(`/embed.html?game=tree&controls=minimal&step=1&captions=${encodeURIComponent('[[0,2,"ok"],[5,1,"backwards"]]')}`);
  await expect(page.getByTestId('link-errors')).toContainText('1 caption is not [from, to, "text"]');
  await expect(page.getByTestId('caption')).toHaveText('ok');
});
