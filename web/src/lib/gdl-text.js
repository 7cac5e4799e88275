// gdl-text.js: the rules' text and the solver's messages about it. No Preact.

/**
 * The offset (UTF-16 units, as a textarea counts) of (line, col) in text,
 * both counted from 1, clamped to the line and the text. The solver counts
 * a column in characters (code points), so a character outside the Basic
 * Multilingual Plane before it is two units here and one column there.
 */
export function offsetOf(text, line, col) {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  const end = text.indexOf('\n', at);
  const lineEnd = end < 0 ? text.length : end;
  for (let c = 1; c < col && at < lineEnd; c++) at += text.codePointAt(at) > 0xffff ? 2 : 1;
  return Math.min(lineEnd, at);
}

/** A solver message "line L, column C: text" as a diagnostic; any other message at line 1, column 1. */
export function diagnosticOf(message) {
  const m = /^line (\d+), column (\d+): ([\s\S]*)$/.exec(String(message ?? ''));
  if (m) return { line: Number(m[1]), col: Number(m[2]), message: m[3] };
  return { line: 1, col: 1, message: String(message ?? 'the rules could not be read') };
}
