// The numbers the JavaScript copies from c/perfect_play.h by hand (event
// kinds, status codes, outcome values, limits) still equal C's: the header is
// read as text, its enum members and #defines evaluated, and each copy in
// web/src compared with the C name it stands for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { EV, EVENT_NAMES } from '../../web/src/player/events.js';
import { EVENT_KINDS } from '../../web/src/lib/export.js';
import { AB, AB_INF } from '../../web/src/lib/tree-events.js';
import { DP_EV } from '../../web/src/lib/dp-view.js';
import { C4_EV } from '../../web/src/lib/c4-trace.js';
import { PN, PN_INF } from '../../web/src/player/pn-model.js';
import { DRAW, MOUSE_WINS, CAT_WINS, INVALID } from '../../web/src/lib/outcomes.js';
import { STATUS_NAMES, LABEL_UNSEEN, TRACE_COARSE } from '../../web/src/engine/binding.js';
import { GDL_MAX_STATES, GDL_SEARCH_ALGO, GDL_TRACE_WHOLE } from '../../web/src/engine/binding-gdl.js';
import { GDL_MAX_STATES as LIB_GDL_MAX_STATES } from '../../web/src/lib/engine-limits.js';

const HEADER = readFileSync(new URL('../../c/perfect_play.h', import.meta.url), 'utf8');

/**
 * The header's integer constants by name: every `NAME = value` inside an enum
 * and every object-like `#define NAME value` whose value is an integer
 * expression of literals and earlier names (casts and suffixes dropped),
 * evaluated as BigInt so that 64-bit limits stay exact.
 */
function headerConstants(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/gm, '');
  const values = new Map([['UINT32_MAX', 0xffffffffn]]);
  const evaluate = (expr) => {
    const js = expr
      .replace(/\((?:uint(?:8|16|32|64)_t|int(?:32|64)_t|size_t|unsigned|int)\)/g, '')
      .replace(/\b(0x[0-9a-fA-F]+|\d+)(?:[uU]?[lL]{0,2}|[lL]{1,2}[uU]?)\b/g, '$1n')
      .replace(/\b[A-Z_][A-Z0-9_]*\b/g, (name) => {
        if (!values.has(name)) throw new Error(`unknown name ${name}`);
        return `${values.get(name)}n`;
      });
    if (!/^[\s\d xa-fA-Fn()<>|&+*~-]*$/.test(js)) throw new Error(`not an integer expression: ${expr}`);
    return Function(`"use strict"; return (${js});`)();
  };
  const tryAdd = (name, expr) => {
    try {
      values.set(name, evaluate(expr.trim()));
    } catch {
      // a macro with arguments, a string, a type: not a number the JavaScript copies
    }
  };
  const found = [];
  for (const m of code.matchAll(/^\s*#\s*define\s+(PP_[A-Z0-9_]+)[ \t]+(.+)$/gm)) found.push([m.index, m[1], m[2]]);
  for (const body of code.matchAll(/enum\s*\w*\s*\{([^}]*)\}/g)) {
    for (const member of body[1].split(',')) {
      const m = /^\s*(PP_[A-Z0-9_]+)\s*=\s*(.+?)\s*$/s.exec(member);
      if (m) found.push([body.index, m[1], m[2]]);
    }
  }
  // In the header's order, which C requires of a name used in a constant expression.
  for (const [, name, expr] of found.sort((a, b) => a[0] - b[0])) tryAdd(name, expr);
  return values;
}

const C = headerConstants(HEADER);
const c = (name) => {
  assert.ok(C.has(name), `perfect_play.h defines ${name}`);
  return Number(C.get(name));
};

test('the header reader finds the enums and the #defines it is asked about', () => {
  assert.equal(c('PP_EV_SEED'), 1);
  assert.equal(c('PP_TRACE_COARSE'), (1 << 1) | (1 << 5));
  assert.equal(C.get('PP_PN_MAX_MEMORY'), 1n << 34n);
  assert.ok(C.size > 100, `${C.size} constants read`);
});

test("every trace event kind: the player, the export and the views use C's numbers and names", () => {
  const kinds = [...C.keys()].filter((k) => k.startsWith('PP_EV_') && k !== 'PP_EV_KINDS');
  assert.equal(EVENT_KINDS.length, c('PP_EV_KINDS'), 'one export name a kind, up to PP_EV_KINDS');
  for (const k of kinds) assert.equal(EVENT_KINDS[c(k)], k.slice('PP_EV_'.length), `${k} = ${c(k)}`);
  for (const [name, v] of Object.entries(EV)) assert.equal(v, c(`PP_EV_${name}`), `EV.${name}`);
  EVENT_NAMES.forEach((name, v) => name && assert.equal(v, c(`PP_EV_${name}`), `EVENT_NAMES[${v}]`));
  for (const [name, v] of Object.entries(AB)) assert.equal(v, c(`PP_EV_AB_${name}`), `AB.${name}`);
  for (const [name, v] of Object.entries(DP_EV)) assert.equal(v, c(`PP_EV_DP_${name}`), `DP_EV.${name}`);
  for (const [name, v] of Object.entries(C4_EV)) assert.equal(v, c(`PP_EV_C4_${name}`), `C4_EV.${name}`);
  for (const [name, v] of Object.entries(PN)) assert.equal(v, c(`PP_EV_PN_${name}`), `PN.${name}`);
  assert.equal(TRACE_COARSE, c('PP_TRACE_COARSE'));
});

test("status codes, outcomes and the searches' infinities are C's", () => {
  const statuses = ['PP_OK', 'PP_ERR_INPUT', 'PP_ERR_LIMIT', 'PP_ERR_NOMEM', 'PP_ERR_BUDGET', 'PP_ERR_ARG', 'PP_ERR_CANCELLED'];
  assert.equal(STATUS_NAMES.length, statuses.length);
  statuses.forEach((name, i) => assert.equal(c(name), i, `${STATUS_NAMES[i]} is ${name}`));
  assert.equal(DRAW, c('PP_DRAW'));
  assert.equal(MOUSE_WINS, c('PP_WIN0'));
  assert.equal(CAT_WINS, c('PP_WIN1'));
  assert.equal(INVALID, c('PP_INVALID'));
  assert.equal(LABEL_UNSEEN, c('PP_UNSEEN'));
  assert.equal(AB_INF, c('PP_AB_INF'));
  assert.equal(PN_INF, c('PP_PN_INF'));
});

test("the GDL binding's limits and search names are C's", () => {
  assert.equal(GDL_MAX_STATES, c('PP_GDL_MAX_STATES'));
  assert.equal(LIB_GDL_MAX_STATES, c('PP_GDL_MAX_STATES')); // the views' copy
  assert.equal(GDL_TRACE_WHOLE, c('PP_GDL_TRACE_WHOLE'));
  for (const [name, v] of Object.entries(GDL_SEARCH_ALGO))
    assert.equal(v, c(`PP_GDL_SEARCH_${name === 'alphabeta' ? 'ALPHABETA' : name.toUpperCase()}`), `algo ${name}`);
});
