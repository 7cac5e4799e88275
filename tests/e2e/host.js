// host.js: a host page on another origin embedding a player, for the specs
// that drive an embed by postMessage (lib/remote.js): remote.spec.js and
// chess.spec.js.

const OTHER = 'http://other.test';
const HOST = 'http://host.test';
const PLAYER = 'http://player.test';

/**
 * Serves a host page on HOST embedding `embedPath` from PLAYER (the test's
 * own server, relayed: a public page may not frame a local address, by
 * Chromium's local network access checks), and a sibling frame on OTHER.
 */
export async function openHost(page, baseURL, embedPath, extra = '') {
  const embed = new URL(embedPath, PLAYER).href;
  await page.context().route(`${PLAYER}/**`, async (route) => {
    const url = route.request().url().replace(PLAYER, new URL(baseURL).origin);
    await route.fulfill({ response: await route.fetch({ url }) });
  });
  await page.route(`${HOST}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><link rel="icon" href="data:,"><title>host</title></head><body>
<iframe id="player" src="${embed}" width="900" height="700"></iframe>
<iframe id="sibling" src="${OTHER}/sibling.html" width="100" height="50"></iframe>
<script>
  window.got = [];
  window.gotAt = [];
  const player = document.getElementById('player');
  addEventListener('message', (e) => {
    if (e.source !== player.contentWindow) return;
    window.got.push(e.data);
    window.gotAt.push(performance.now()); // when it was heard, on this page's clock
  });
  window.send = (msg) => player.contentWindow.postMessage(msg, '*');
  ${extra}
</script></body></html>`,
    }),
  );
  await page.route(`${OTHER}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script>
  // Another window of the page: it may reach the player, but must not drive it.
  window.attack = () => {
    for (const step of [3, 4, 5]) parent.frames[0].postMessage({ type: 'perfect-play:command', action: 'goto', step }, '*');
    parent.frames[0].postMessage({ type: 'perfect-play:command', action: 'play' }, '*');
  };
</script></body></html>`,
    }),
  );
  await page.goto(`${HOST}/host.html`);
  return page.frameLocator('#player');
}

export const messages = (page, type) => page.evaluate((t) => window.got.filter((m) => m && m.type === t), type);

/** The messages of a type with when each was heard (`at`, the host page's performance.now()). */
export const timedMessages = (page, type) =>
  page.evaluate((t) => window.got.map((m, i) => ({ ...m, at: window.gotAt[i] })).filter((m) => m && m.type === t), type);
