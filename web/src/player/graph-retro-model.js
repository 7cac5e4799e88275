// graph-retro-model.js: a retrograde solve's picture at any event, for a
// game whose states are numbered 0 .. nstates - 1 (a GDL game's state
// graph). The events and their inverses are retro-model.js's:
//
//   SEED  s o 0   decided (o, remoteness 0), queued    undo: undecided, unqueued
//   POP   s o r   taken from the queue (head++)        undo: head--
//   PARENT p s    nothing changes (only highlighted)
//   DEGREE p k    counter[p] = k                        undo: counter[p] = k + 1
//   COLOR p o r   like SEED, remoteness r               undo: like SEED's
//
// so stepping back costs what stepping forward does. No Preact here.
import { argA, argB, argC, EV, eventCount, kindAt, stepAt } from './events.js';

/**
 * game: { nstates, degree (Int32Array: each state's moves, 0 where the game
 * is over), nameOf(s), words: { 1: 'X wins', 2: 'Y wins' } }.
 */
export function createGraphRetroModel(game, trace) {
  const { nstates } = game;
  const count = eventCount(trace);
  const outcome = new Uint8Array(nstates);
  const remote = new Int32Array(nstates).fill(-1);
  const degree = Int32Array.from(game.degree);
  const decided = [0, 0, 0];
  let head = 0;
  let tail = 0;

  let ndecisions = 0;
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === EV.SEED || k === EV.COLOR) ndecisions++;
  }
  const decisions = new Int32Array(ndecisions);
  const decidedAt = new Int32Array(nstates).fill(-1);
  for (let i = 0, j = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === EV.SEED || k === EV.COLOR) {
      decisions[j++] = i;
      const s = argA(trace, i);
      if (s >= 0 && s < nstates) decidedAt[s] = i;
    }
  }
  const name = (s) => game.nameOf(s);
  const said = (o, r) => `${game.words[o] ?? 'draw'}${r > 0 ? ` in ${r}` : ''}`;

  const model = {
    algo: 'retrograde',
    graph: { n: 0 },
    trace,
    count,
    nstates,
    coarse: false,
    truncated: false,
    outcome,
    values: outcome,
    remote,
    degree,
    markers: decisions,
    decidedAt: (s) => (s >= 0 && s < nstates ? decidedAt[s] : -1),
    work: 0,
    get head() {
      return head;
    },
    get tail() {
      return tail;
    },
    get decided() {
      return { first: decided[1], second: decided[2], total: decided[1] + decided[2] };
    },
    queueAt: (j) => argA(trace, decisions[j]),
    get popped() {
      return head > 0 ? argA(trace, decisions[head - 1]) : -1;
    },
    stateName: (n, s) => name(s),

    apply(i) {
      model.work++;
      const w = i << 2;
      switch (trace[w] & 0xff) {
        case EV.SEED:
        case EV.COLOR: {
          const o = trace[w + 2];
          outcome[trace[w + 1]] = o;
          remote[trace[w + 1]] = trace[w + 3];
          decided[o]++;
          tail++;
          break;
        }
        case EV.POP:
          head++;
          break;
        case EV.DEGREE:
          degree[trace[w + 1]] = trace[w + 2];
          break;
        default:
          break;
      }
    },
    unapply(i) {
      model.work++;
      const w = i << 2;
      switch (trace[w] & 0xff) {
        case EV.SEED:
        case EV.COLOR:
          decided[trace[w + 2]]--;
          outcome[trace[w + 1]] = 0;
          remote[trace[w + 1]] = -1;
          tail--;
          break;
        case EV.POP:
          head--;
          break;
        case EV.DEGREE:
          degree[trace[w + 1]] = trace[w + 2] + 1;
          break;
        default:
          break;
      }
    },
    paintedBy(i) {
      const k = kindAt(trace, i);
      return k === EV.SEED || k === EV.COLOR ? argA(trace, i) : -1;
    },
    touched(i) {
      if (i < 0 || i >= count) return [];
      const k = kindAt(trace, i);
      if (k === EV.PARENT) return [argA(trace, i), argB(trace, i)];
      return [argA(trace, i)];
    },
    /** Event i in words, with the game's names for states and outcomes. */
    describe(i) {
      if (i < 0 || i >= count) return 'Before the first event';
      const a = argA(trace, i);
      const b = argB(trace, i);
      const c = argC(trace, i);
      switch (kindAt(trace, i)) {
        case EV.SEED:
          return `SEED ${name(a)}: ${said(b, 0)}, the game is over there`;
        case EV.POP:
          return `POP ${name(a)}: ${said(b, c)}, taken from the queue`;
        case EV.PARENT:
          return `PARENT ${name(a)}: has a move into ${name(b)}`;
        case EV.DEGREE:
          return `DEGREE ${name(a)}: that move loses, ${b} left`;
        case EV.COLOR:
          return stepAt(trace, i) === 4 ? `COLOR ${name(a)}: ${said(b, c)}, its mover wins by this move` : `COLOR ${name(a)}: ${said(b, c)}, every move loses`;
        default:
          return `event ${kindAt(trace, i)} ${name(a)}`;
      }
    },
    snapshot: () => ({ outcome: outcome.slice(), remote: remote.slice(), degree: degree.slice(), head, tail }),
  };
  return model;
}
