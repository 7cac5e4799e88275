// chromium.mjs: Debian's Chromium as every page benchmark launches it, with
// the switches ../shared/TOOLCHAIN.md found it needs here (headless as root,
// and no tries at the closed network).
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Options for chromium.launch or launchServer: the switches above, then `more`. */
export function chromiumOptions(more = []) {
  return { executablePath: '/usr/bin/chromium', args: [...ARGS, ...more] };
}
