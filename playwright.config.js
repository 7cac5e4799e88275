import { defineConfig, devices } from '@playwright/test';

// Drives Debian's Chromium (never a downloaded browser) against the production
// build in dist/, which must be built first (`npx vite build` or ./build.sh build).
// Its headless shell (Debian's chromium-headless-shell, the same engine as
// /usr/bin/chromium, and the build Playwright itself runs headless tests
// on): a new page costs it about half the CPU of the full browser in
// headless mode, and every test opens at least one.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// PP_E2E_PORT lets several checkouts run their browser tests at once.
const PORT = Number(process.env.PP_E2E_PORT) || 4173;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Every test at full speed, and those tagged @slow-cpu again on a CPU
  // slowed down through the DevTools protocol (fixtures.js, cpuThrottle):
  // the tests where two pieces of work can meet in either order (a result
  // and a newer request, Cancel and a solve's end, a reply and an undo), so
  // a view that mixes an old result with a new one shows on every machine,
  // not only on a busy one. The slowed page gets the time it needs
  // (timeouts x3).
  projects: [
    { name: 'chromium' },
    {
      name: 'slow-cpu',
      grep: /@slow-cpu/,
      timeout: 90_000,
      expect: { timeout: 30_000 },
      use: { cpuThrottle: 5 },
    },
  ],
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
