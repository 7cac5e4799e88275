// chromium.mjs: Debian's Chromium as every page benchmark launches it, with
// the switches ../shared/TOOLCHAIN.md found it needs here (headless as root,
// and no tries at the closed network).
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Options for chromium.launch or launchServer: the switches above, then `more`. */
export function chromiumOptions(more = []) {
  return { executablePath: '/usr/bin/chromium', args: [...ARGS, ...more] };
}

/**
 * A new 1280 x 900 page of `browser` that records its main thread's long
 * tasks (over 50 ms) in window.__long, [startTime, duration] each, from the
 * moment it loads; with its DevTools protocol connection (CPU throttling, the profiler).
 */
export async function longTaskPage(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  return { page, cdp };
}
