// A control shown while work runs keeps its element and its place while the
// progress messages arrive. A person's click is a press and a release on the
// same element: a button re-created, or moved from under the pointer, between
// the two is a lost click (on a slow phone, a long solve that cannot be
// stopped). Each test runs at a desktop's width and a phone's; most start the
// real work, check the layout rule directly (the progress words replaced by a
// one-line message, by the longest of each phase, with the largest numbers,
// and by a longer one: the control does not move, nor what is below it), then
// press the mouse on the control, let several real progress messages arrive,
// check the pressed element is still the control, in the same place, release,
// and check the control did its work.
import { GDL_MAX_STATES, gdlBudgetMiB } from '../../web/src/engine/binding-gdl.js';
import { gdlProgressRoom, gdlReplyRoom } from '../../web/src/lib/gdl-search.js';
import { chessBuildRoom, cmProgressRoom } from '../../web/src/lib/progress-words.js';
import { connectFourRules } from '../gdl/connect-four-gdl.mjs';
import { expect, lightsPuzzle, openApp, startLongSolve, test } from './fixtures.js';

/**
 * The layout rule, checked in one task (no progress message can come
 * between): the progress words (`words`, a selector) replaced by each of
 * `messages` in turn, then by `longer` (the messages three times over: more
 * than the work shows), the control's box is the same for all, and so are
 * the boxes of what is below (`below`, selectors) for `messages`; the words'
 * own nodes are put back after. Also checks the longer words did take more
 * lines than the first message, so the rule was put to the test.
 */
async function keepsPlace(page, { control, words, below = [], messages }) {
  const longer = Array(3).fill(messages.join(' ')).join(' ');
  const seen = await page.evaluate(
    ({ control, words, below, all }) => {
      const box = (el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const c = document.querySelector(control);
      const w = document.querySelector(words);
      const under = below.map((s) => document.querySelector(s));
      if (!c || !w || under.some((u) => !u)) return null;
      c.scrollIntoView({ block: 'center' });
      const kept = [...w.childNodes];
      const out = all.map((m) => {
        w.textContent = m;
        return { control: box(c), below: under.map(box), height: w.getBoundingClientRect().height };
      });
      w.replaceChildren(...kept);
      return out;
    },
    { control, words, below, all: [...messages, longer] },
  );
  expect(seen, `${control}, ${words} and ${below.join(', ')} are on the page while the work runs`).not.toBeNull();
  const first = seen[0];
  seen.forEach((s, i) => {
    const what = i < messages.length ? `"${messages[i]}"` : 'words longer than any message';
    expect(s.control, `the control keeps its box with ${what} beside it`).toEqual(first.control);
    if (i < messages.length) expect(s.below, `what is below keeps its place with ${what}`).toEqual(first.below);
  });
  expect(seen.at(-1).height, 'the longer words take more lines').toBeGreaterThan(first.height);
}

/**
 * A search's best line (`line`, a selector) takes one line whatever its
 * moves: empty and with sixteen long moves, its height and the box of
 * `below` (a selector) are the same. In one task, the line's nodes put back.
 */
async function bestLineKeepsOneLine(page, line, below) {
  const moves = Array.from({ length: 16 }, (_, i) => `(mark ${i + 1} ${i + 1} xplayer_with_a_long_name)`).join(' ');
  const seen = await page.evaluate(
    ([line, below, moves]) => {
      const el = document.querySelector(line);
      const under = document.querySelector(below);
      if (!el || !under) return null;
      const look = () => {
        const r = under.getBoundingClientRect();
        return { below: [r.x, r.y, r.width, r.height], height: el.getBoundingClientRect().height };
      };
      const kept = [...el.childNodes];
      el.textContent = '';
      const empty = look();
      el.textContent = `best line so far ${moves}`;
      const long = look();
      el.replaceChildren(...kept);
      return { empty, long };
    },
    [line, below, moves],
  );
  expect(seen, `${line} and ${below} are on the page while the work runs`).not.toBeNull();
  expect(seen.long, 'the best line takes one line, and what is below stays put').toEqual(seen.empty);
}

/**
 * A control's face (`face`, a selector) replaced by each of `faces` in one
 * task (its nodes put back after): the elements with these test ids (the
 * control itself, those after it) keep their boxes.
 */
async function keepsBoxes(page, face, faces, ids) {
  const seen = await page.evaluate(
    ({ face, faces, ids }) => {
      const el = document.querySelector(face);
      const them = ids.map((id) => document.querySelector(`[data-testid="${id}"]`));
      if (!el || them.some((t) => !t)) return null;
      const kept = [...el.childNodes];
      const boxes = faces.map((f) => {
        el.textContent = f;
        return them.map((t) => {
          const r = t.getBoundingClientRect();
          return [r.x, r.y, r.width, r.height];
        });
      });
      el.replaceChildren(...kept);
      return boxes;
    },
    { face, faces, ids },
  );
  expect(seen, `${face} and ${ids.join(', ')} are on the page`).not.toBeNull();
  for (let i = 1; i < faces.length; i++) expect(seen[i], `${ids.join(', ')} keep their boxes with "${faces[i]}" as with "${faces[0]}"`).toEqual(seen[0]);
}

/**
 * Presses `control` the moment it can be pressed, waits until `progress()`
 * has changed `times` times (it must stay non-null: the work still runs),
 * checks the control is still the same node, in the same place, under the
 * pointer, and releases the mouse there.
 */
async function holdThroughProgress(page, control, progress, times = 3) {
  await expect(control).toBeVisible();
  // One round trip: the page may be slowed down, and the work may end.
  const box = await control.evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    el.ppPressed = true;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 0; i < times; i++) {
    const before = await progress();
    expect(before, 'the work is still running').not.toBeNull();
    await expect.poll(progress).not.toBe(before);
    expect(await progress(), 'the work is still running').not.toBeNull();
  }
  const now = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { same: el.ppPressed === true, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
  });
  expect(now.same, 'the control is the node that was pressed').toBe(true);
  expect(now.box, 'the control has not moved from under the pointer').toEqual(box);
  await page.mouse.up();
}

/** The text of the element with this test id, or null once it is gone (one look, no waiting). */
const textOf = (page, testid) => () => page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null, testid);
/** An attribute of the element with this test id, or null once it is gone. */
const attrOf = (page, testid, attr) => () =>
  page.evaluate(([id, name]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(name) ?? null, [testid, attr]);

/**
 * Connect Four 6 x 5 with a first move for xplayer that wins at once (four
 * of its stones in the bottom row) and one that goes on to the game, which
 * oplayer then opens: a search answers the start in two nodes, and the
 * solver's reply after "go" is a search of the whole game, millions of nodes.
 */
function connectFourWithAWin() {
  const rules = connectFourRules(6, 5);
  const start = [
    '(init (start))',
    '(base (start))',
    '(input xplayer win)',
    '(input xplayer go)',
    '(<= (legal xplayer win) (true (start)))',
    '(<= (legal xplayer go) (true (start)))',
    '(<= (next (cell ?x 1 xplayer)) (does xplayer win) (quick ?x))',
    '(quick 1) (quick 2) (quick 3) (quick 4)',
  ].join('\n');
  const drop = '(<= (legal xplayer (drop ?x))\n    (true (control xplayer))';
  expect(rules).toContain(drop);
  return rules.replace('(init (control xplayer))', `(init (control xplayer))\n${start}`).replace(drop, `${drop}\n    (not (true (start)))`);
}

const WIDTHS = {
  desktop: {},
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
};
const CM = cmProgressRoom();
const CM_WORDS = '[data-testid="progress"] .summary__progress-text .progress-words__live';
const CM_MEMORY = '[data-testid="progress"] .summary__memory .progress-words__live';
/** The player's buttons (player-controls), below the progress. */
const STEP = '[data-testid="step-forward"]';
const PLAY = '[data-testid="play"]';
/** A line of Connect Four's progress (c4-progress.jsx) with wide numbers. */
const C4_LINE = "4,398,046,511,104 positions explored, 999.9 M positions/s. Column 7's score is between −21 and +21.";

for (const [width, use] of Object.entries(WIDTHS)) {
  test.describe(`${width} width`, () => {
    test.use(use);
    // The press racing the work's messages and its end, again on a slowed CPU (at one width: the race is the same at both).
    const SLOW_CPU = width === 'desktop' ? { tag: '@slow-cpu' } : {};

    test('Cat and Mouse: Cancel held down while the solve reports progress cancels it, the last answer kept', SLOW_CPU, async ({ page }) => {
      await openApp(page);
      await startLongSolve(page);
      const cancel = '[data-testid="progress"] button';
      await expect(page.locator(cancel)).toBeVisible();
      await keepsPlace(page, { control: cancel, words: CM_WORDS, messages: ['Solving…', ...CM.words] });
      await keepsPlace(page, { control: cancel, words: CM_MEMORY, messages: ['', ...CM.memory] });
      await holdThroughProgress(page, page.getByRole('button', { name: 'Cancel' }), attrOf(page, 'progress', 'data-relaxations'));
      await expect(page.getByTestId('progress')).toHaveCount(0);
      await expect(page.getByTestId('answer')).toHaveText('Draw');
      await expect(page.getByTestId('stats')).toContainText('60 states');
    });

    test('the player: a step held down while a solve reports progress steps once', SLOW_CPU, async ({ page }) => {
      await openApp(page);
      const readout = page.getByTestId('readout');
      const count = Number(await readout.getAttribute('data-count'));
      await page.getByTestId('to-start').click();
      await expect(readout).toHaveAttribute('data-cursor', '0');
      await startLongSolve(page);
      await expect(page.getByTestId('progress')).toBeVisible();
      // the player is below the progress: it keeps its place for every message the solve shows
      const cancel = '[data-testid="progress"] button';
      await keepsPlace(page, { control: cancel, words: CM_WORDS, below: [STEP, PLAY], messages: ['Solving…', ...CM.words] });
      await keepsPlace(page, { control: cancel, words: CM_MEMORY, below: [STEP, PLAY], messages: ['', ...CM.memory] });
      await holdThroughProgress(page, page.getByTestId('step-forward'), attrOf(page, 'progress', 'data-relaxations'));
      await expect(readout).toHaveAttribute('data-cursor', '1');
      await expect(readout).toHaveAttribute('data-count', String(count));
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('progress')).toHaveCount(0);
    });

    test('the player: Pause held down while it plays pauses it', SLOW_CPU, async ({ page }) => {
      await openApp(page);
      const readout = page.getByTestId('readout');
      // Paused or playing, the play button and the buttons after it keep their boxes.
      await keepsBoxes(page, '[data-testid="play"] .progress-words__live', ['▶', '❚❚'], ['play', 'step-forward', 'next-decision', 'to-end']);
      // One event a second (the slowest): the 214 events play for longer than the test may
      // take, so the playing cannot reach its end (and stop) while Pause is held.
      await page.getByRole('slider', { name: 'Speed' }).press('Home');
      await page.getByTestId('to-start').click();
      await page.getByTestId('play').click();
      await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Pause');
      // the progress of playing: the cursor moving on
      await holdThroughProgress(page, page.getByTestId('play'), async () => {
        const c = await readout.getAttribute('data-cursor');
        return c === (await readout.getAttribute('data-count')) ? null : c;
      });
      await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
      await expect(page.getByTestId('narration')).toContainText('Step ');
    });

    test("Connect Four: the analysis's Cancel held down while it reports progress cancels it", SLOW_CPU, async ({ page }) => {
      await page.goto('/?game=tree&kind=connect-four&moves=2266&size=7x6');
      const status = page.getByTestId('c4-status');
      await expect(status).toHaveAttribute('data-state', 'solving');
      await expect(page.locator('[data-testid="c4-progress"] .c4-progress__line')).toBeVisible();
      await keepsPlace(page, {
        control: '[data-testid="c4-cancel"]',
        words: '[data-testid="c4-progress"] .c4-progress__line',
        messages: ['Searching…', C4_LINE],
      });
      await holdThroughProgress(page, page.getByTestId('c4-cancel'), attrOf(page, 'c4-progress', 'data-nodes'));
      await expect(status).toHaveAttribute('data-state', 'idle');
      await expect(status).toContainText('not solved (cancelled)');
    });

    test("Connect Four: Compare's Cancel held down while the stages report progress cancels them", SLOW_CPU, async ({ page }) => {
      await page.goto('/?game=tree&kind=connect-four&moves=&size=7x6');
      await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved'); // the empty board's columns, from the book
      for (const s of ['minimax', 'alphabeta', 'centre-first']) await page.getByTestId(`c4-stage-${s}`).uncheck();
      for (const s of ['bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest']) await page.getByTestId(`c4-stage-${s}`).check();
      await page.getByTestId('c4-compare-run').click();
      await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'running');
      await expect(page.locator('[data-testid="c4-compare-progress"] .c4-progress__line')).toBeVisible();
      await keepsPlace(page, {
        control: '[data-testid="c4-compare-cancel"]',
        words: '[data-testid="c4-compare-progress"] .c4-progress__line',
        messages: ['Searching…', C4_LINE],
      });
      await holdThroughProgress(page, page.getByTestId('c4-compare-cancel'), attrOf(page, 'c4-compare-progress', 'data-nodes'));
      await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'idle');
      await expect(page.getByTestId('c4-compare-progress')).toHaveCount(0);
    });

    test("chess: the build's Cancel held down while the table grows cancels it", SLOW_CPU, async ({ page }) => {
      await page.goto('/?game=chess-endgame');
      const app = page.getByTestId('chess-app');
      await expect(app).toHaveAttribute('data-state', 'ready');
      await expect(app).toHaveAttribute('data-busy', 'false');
      await page.getByTestId('chess-material').selectOption('KPKP');
      await expect(app).toHaveAttribute('data-state', 'building');
      await expect(page.getByTestId('chess-cancel')).toBeVisible();
      await keepsPlace(page, {
        control: '[data-testid="chess-cancel"]',
        words: '[data-testid="chess-build"] .progress-words__live',
        below: ['[data-testid="chess-hist"]'],
        messages: ['Table …', ...chessBuildRoom()],
      });
      await holdThroughProgress(page, page.getByTestId('chess-cancel'), textOf(page, 'chess-build'));
      await expect(page.getByTestId('chess-error')).toHaveText('Cancelled: the table was not built.');
    });

    test('your game: Cancel held down while a long solve runs stops it, the last answer and graph kept', SLOW_CPU, async ({ page }) => {
      await page.goto('/?game=gdl');
      const answer = page.getByTestId('gdl-answer');
      await expect(answer).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
      const nodes = await page.getByTestId('state-graph').getAttribute('data-nodes');
      // 2^20 states: seconds of solving in the worker (2^17 solve in under a second), so Cancel,
      // held for a few tenths of a second, is pressed and released while it runs.
      await page.getByTestId('gdl-text').fill(lightsPuzzle(20));
      await expect(page.getByTestId('gdl-progress')).toBeVisible();
      // every phase's longest words, under this page's memory budget
      const budgetMiB = gdlBudgetMiB(await page.evaluate(() => navigator.deviceMemory));
      const room = gdlProgressRoom({ maxStates: GDL_MAX_STATES, budgetMiB });
      const words = '[data-testid="gdl-progress"] .progress-words__live';
      await keepsPlace(page, { control: '[data-testid="gdl-cancel"]', words, below: [STEP, PLAY], messages: ['Solving…', ...room] });
      await bestLineKeepsOneLine(page, '[data-testid="gdl-progress"] .gdl__pv .progress-words__live', STEP);
      await holdThroughProgress(page, page.getByTestId('gdl-cancel'), attrOf(page, 'gdl-progress', 'data-tenths'));
      await expect(page.getByTestId('gdl-progress')).toHaveCount(0);
      await expect(page.getByTestId('gdl-status')).toHaveText('Cancelled; the graph shows the last rules that solved.');
      await expect(answer).toHaveAttribute('data-answer', 'draw');
      await expect(page.getByTestId('state-graph')).toHaveAttribute('data-nodes', nodes);
      // The restarted worker solves the next rules.
      await page.getByTestId('gdl-example').selectOption({ label: 'Tower of Hanoi, 3 discs' });
      await expect(answer).toHaveText('solved in 7 moves, goal 100');
      await expect(page.getByTestId('gdl-status')).toContainText('170 states'); // placements of the discs by move count, up to 10
    });

    test("your game: the reply's Cancel held down while the solver searches stops it, the game goes on", SLOW_CPU, async ({ page }) => {
      await page.goto('/?game=gdl');
      const answer = page.getByTestId('gdl-answer');
      await expect(answer).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
      await page.getByTestId('gdl-algo').selectOption('search');
      await page.getByTestId('gdl-text').fill(connectFourWithAWin());
      await expect(answer).toHaveAttribute('data-answer', 'first wins');
      await expect(answer).toHaveAttribute('data-by', 'search');
      const play = page.getByTestId('gdl-play');
      await play.getByTestId('gdl-play-role').selectOption({ label: 'xplayer' });
      await play.getByTestId('gdl-play-start').click();
      const status = play.getByTestId('gdl-play-status');
      await expect(status).toHaveText('Your move, xplayer.');
      await play.locator('[data-testid="gdl-play-move"][data-move="go"]').click();
      await expect(status).toContainText(/The solver is thinking: searching for a reply: .* [\d,]+ nodes/);
      // the longest words a reply's search says, each question, below the row with Cancel
      const budgetMiB = gdlBudgetMiB(await page.evaluate(() => navigator.deviceMemory));
      const replies = gdlReplyRoom({ maxStates: GDL_MAX_STATES, budgetMiB });
      const cancel = '[data-testid="gdl-play-cancel"]';
      await keepsPlace(page, {
        control: cancel,
        words: '[data-testid="gdl-play-status"] .progress-words__live',
        messages: ['The solver is thinking…', ...replies],
      });
      await bestLineKeepsOneLine(page, '[data-testid="gdl-play"] .gdl__pv .progress-words__live', cancel);
      await holdThroughProgress(page, play.getByTestId('gdl-play-cancel'), textOf(page, 'gdl-play-status'));
      await expect(play).toHaveAttribute('data-busy', '0');
      // the position before the move stays: the person's turn again
      await expect(status).toHaveText('Cancelled: the solver did not reply. Your move, xplayer.');
      await expect(play.getByTestId('gdl-play-cancel')).toHaveCount(0);
      await expect(play.getByTestId('gdl-play-move')).toHaveCount(2);
    });

    test("game trees: Solve's label while it solves moves neither the buttons after it nor the player", async ({ page }) => {
      await page.goto('/?game=tree&kind=can-i-win');
      await expect(page.getByTestId('readout')).toBeVisible();
      await keepsBoxes(
        page,
        '[data-testid="tree-solve"] .progress-words__live',
        ['Solve', 'Solving…'],
        ['tree-compare-run', 'tree-compare-pn', 'step-forward'],
      );
    });
  });
}
