// describe.js: events and states in words, for the readout and the panels.
import { stateName } from '../lib/catmouse.js';
import { CAT_WINS, DRAW, MOUSE_WINS } from '../lib/outcomes.js';
import { argA, argB, argC, EV, EVENT_NAMES, kindAt, stepAt } from './events.js';

/** "cat wins in 4" / "mouse wins" / "draw" */
export function outcomeText(outcome, remoteness = -1) {
  if (outcome === MOUSE_WINS || outcome === CAT_WINS) {
    const who = outcome === MOUSE_WINS ? 'mouse' : 'cat';
    if (remoteness > 0) return `${who} wins in ${remoteness}`;
    return `${who} wins`;
  }
  if (outcome === DRAW) return 'draw';
  return 'not a state';
}

/**
 * One event in words: "COLOR (4,3,cat): cat wins in 3 (its mover wins here)".
 * nameOf(n, s) names a state; Cat and Mouse's by default.
 */
export function eventText(trace, i, n, nameOf = stateName) {
  if (!trace || i < 0) return 'Before the first event';
  const k = kindAt(trace, i);
  const a = argA(trace, i);
  const b = argB(trace, i);
  const c = argC(trace, i);
  const s = nameOf(n, a);
  const name = EVENT_NAMES[k] ?? `kind ${k}`;
  switch (k) {
    case EV.SEED:
      return `${name} ${s}: ${outcomeText(b)}, the game is over there`;
    case EV.POP:
      return `${name} ${s}: ${outcomeText(b, c)}, taken from the queue`;
    case EV.PARENT:
      return `${name} ${s}: has a move into ${nameOf(n, b)}`;
    case EV.DEGREE:
      return `${name} ${s}: that move loses, ${b} left`;
    case EV.COLOR:
      return stepAt(trace, i) === 4
        ? `${name} ${s}: ${outcomeText(b, c)}, its mover wins by this move`
        : `${name} ${s}: ${outcomeText(b, c)}, every move loses`;
    case EV.ENTER:
      return `${name} ${s}: on the path at depth ${b}`;
    case EV.LEAF:
      return `${name} ${s}: ${outcomeText(b)}, the game is over there`;
    case EV.CYCLE:
      return `${name} ${s}: already on the path, called a draw`;
    case EV.MEMO_HIT:
      return `${name} ${s}: ${outcomeText(b)}, read from the memo`;
    case EV.CHILD:
      return `${name} ${s}: the move to ${nameOf(n, b)} gives ${outcomeText(c)}`;
    case EV.EXIT:
      return stepAt(trace, i) === 6 ? `${name} ${s}: ${outcomeText(b)}, a winning move` : `${name} ${s}: ${outcomeText(b)}, every move tried`;
    default:
      return `${name} ${s}`;
  }
}

/**
 * What a grid cell says at the cursor: the first line as describeState
 * words it, then the state's counter (retrograde) or its true value (DFS).
 * view: { model, zeroIsDraw, truth } ; returns { text, detail }.
 */
export function describeCell({ model, zeroIsDraw, truth }, s) {
  const n = model.graph.n;
  const { mouse, cat, turn } = stateOfId(n, s);
  const where = `(mouse ${mouse}, cat ${cat}, ${turn === 0 ? 'mouse' : 'cat'} to move)`;
  if (cat === 0) return { text: `${where}: not a state, the cat never enters the hole`, detail: '' };
  const value = model.values[s];
  const isSearch = model.algo === 'naive-dfs' || model.algo === 'memo-dfs';
  let text;
  if (isSearch) {
    const what = model.algo === 'memo-dfs' ? 'memo' : 'last result';
    text = value === 0xff ? `${where}: no ${what} yet` : `${where}: ${what} says ${outcomeText(value)}`;
  } else if (value === DRAW) {
    text = zeroIsDraw ? `${where}: draw, neither side can force a win` : `${where}: undecided so far`;
  } else if (mouse === 0) {
    text = `${where}: mouse wins, it is in the hole`;
  } else if (mouse === cat) {
    text = `${where}: cat wins, it is on the mouse`;
  } else {
    const r = model.remote[s];
    text = `${where}: ${value === MOUSE_WINS ? 'mouse' : 'cat'} wins in ${r} ${r === 1 ? 'move' : 'moves'}`;
  }
  let detail = '';
  if (isSearch && truth) {
    detail = `truth: ${outcomeText(truth.outcomes[s], truth.remoteness[s])}${model.onPath[s] ? ' · on the path now' : ''}`;
  } else if (model.degree && !model.coarse && mouse !== 0 && mouse !== cat) {
    const k = model.degree[s];
    detail = `counter: ${k} ${k === 1 ? 'move' : 'moves'} not yet known to lose`;
  }
  return { text, detail };
}

function stateOfId(n, s) {
  const nn = n * n;
  if (s < nn) return { mouse: s % n, cat: Math.floor(s / n), turn: 0 };
  return { mouse: Math.floor((s - nn) / n), cat: (s - nn) % n, turn: 1 };
}
