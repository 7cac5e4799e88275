// format.js: numbers for people.

export function formatCount(value) {
  return Math.round(value).toLocaleString('en-US');
}

export function formatMs(ms) {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** 1234567 -> "1.2 M" */
export function formatShort(value) {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)} G`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)} M`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(1)} k`;
  return String(Math.round(value));
}

/** 157286400 -> "150 MB" (MiB, as the C library counts). */
export function formatBytes(bytes) {
  const mib = bytes / (1 << 20);
  if (mib >= 10) return `${Math.round(mib).toLocaleString('en-US')} MB`;
  if (mib >= 1) return `${mib.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
