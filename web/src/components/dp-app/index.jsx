import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { useShare, useStartFromLink } from '../../hooks/use-view-state.js';
import { DP_GAME_NAMES, DP_PROBLEMS } from '../../lib/dp-presets.js';
import { readInitial } from '../../lib/dp-params.js';
import { EXCHANGE_ARGUMENT, cellPiles, replaySteps, runningScores, shapeOf } from '../../lib/dp-view.js';
import { createPlayerStore } from '../../player/store.js';
import { buildDpModel } from '../../player/dp-model.js';
import { DP_TRACE_BYTES } from '../../lib/engine-limits.js';
import { DpDetails } from './dp-details.jsx';
import { DpExchange } from './dp-exchange.jsx';
import { DpFlawed } from './dp-flawed.jsx';
import { DpForm } from './dp-form.jsx';
import { DpPlayer } from './dp-player.jsx';
import { DpRecurrence } from './dp-recurrence.jsx';
import { DpReplay } from './dp-replay.jsx';
import { DpStrip } from './dp-strip.jsx';
import { DpTable, MemoList } from './dp-table.jsx';
import './dp-app.css';

/**
 * The DP pillar: the stone games and friends. Type a LeetCode input, watch
 * the table fill in the solver's order with the cells each cell read, then
 * replay the optimal play along the table's choices.
 */
export function DpApp({ game, onGame, theme = 'light', initial = {}, onShare = null, embed = null }) {
  const [kind, setKind] = useState(DP_GAME_NAMES.includes(game) ? game : DP_GAME_NAMES[0]);
  const start = useMemo(() => readInitial(initial, kind), []);
  const solver = useSolver(kind);
  const store = useMemo(() => createPlayerStore(), []);
  usePlayerKeys(store);
  const [text, setText] = useState(start.input ?? DP_PROBLEMS[kind].examples[0]);
  const [algo, setAlgo] = useState(start.algo);
  const [selected, setSelected] = useState(-1);
  const [hovered, setHovered] = useState(-1);
  const [replayAt, setReplayAt] = useState(-1);
  const [limits, setLimits] = useState(null);
  // What every view draws: the store's model and the result it was built
  // from (model.result), one pair with the store's cursor (store.js); the
  // solver's newer result reaches the views only through load() below.
  const model = store.model.value?.result.game === kind ? store.model.value : null;
  const result = model?.result ?? null;
  const solved = solver.result && DP_PROBLEMS[kind] && solver.result.game === kind && solver.result.rows !== undefined ? solver.result : null;

  const run = (input = text, a = algo, tag = null) => solver.solve({ input, algo: a, trace: 'auto' }, { tag });

  const first = useRef(true); // the first solve is the link's
  useEffect(() => {
    run(text, algo, first.current ? 'link' : null);
    first.current = false;
  }, [kind]);
  useEffect(() => {
    if (DP_GAME_NAMES.includes(game) && game !== kind) pickKind(game, false);
  }, [game]);

  const steps = useMemo(() => (result ? replaySteps(result) : []), [result]);
  const scores = useMemo(() => runningScores(steps), [steps]);
  // The link's step and selected cell, applied with the first table it answers.
  const startFromLink = useStartFromLink(store, initial, embed, {
    validSel: (c, m) => Boolean(m) && c >= 0 && c < m.cells,
    onSel: setSelected,
  });
  useEffect(() => {
    let next = null;
    if (solved) {
      next = buildDpModel(solved);
      next.result = solved;
      next.run = solver.runs; // which answer this is, for data-run
      next.tag = solver.tag;
    }
    store.load(next, { at: 'start' });
    setReplayAt(-1);
    setHovered(-1);
    setSelected(-1);
    if (solved?.limits) setLimits(solved.limits);
    startFromLink(next);
  }, [solved]);

  const cursor = store.cursor.value;
  useShare(
    onShare,
    result
      ? { input: result.input, algo: result.algo === 'dp' ? undefined : result.algo, step: String(cursor), sel: selected >= 0 ? String(selected) : undefined }
      : {},
    store,
  );

  const pickKind = (next, tell = true) => {
    setKind(next);
    setText(DP_PROBLEMS[next].examples[0]);
    setAlgo('dp');
    setSelected(-1);
    if (tell) onGame?.(next);
  };
  const select = (c, hover = false) => (hover ? setHovered(c) : setSelected(c === selected ? -1 : c));
  const seek = (k) => {
    store.pause();
    store.seek(k);
  };

  const current = model ? model.focusAt(cursor - 1) : -1;
  const focus = hovered >= 0 ? hovered : selected;
  const shown = focus >= 0 ? focus : current;
  const full = model ? cursor === model.count : false;

  // The strip: the piles of the cell in focus, or the replay's moves so far.
  let highlight = new Set();
  let owners = null;
  if (result && replayAt >= 0) {
    owners = new Map();
    for (const s of steps.slice(0, replayAt)) {
      for (const k of s.takes) owners.set(k, s.player);
      for (const k of s.drops) owners.set(k, 'drop');
    }
    if (replayAt < steps.length) highlight = new Set(cellPiles(result, steps[replayAt].cell));
  } else if (result && shown >= 0) {
    highlight = new Set(cellPiles(result, shown));
  }

  const shape = result ? shapeOf(result) : null;
  const controls = embed?.controls ?? 'full';
  const table = model && (
    <section class="panel dp-app__table" aria-label="DP table" data-export-frame="table">
      <h2 class="panel-title">
        {DP_PROBLEMS[kind].title}: {shape === 'bitmask' ? 'the memo over sets of used numbers' : 'the table'}
      </h2>
      <DpRecurrence model={model} cell={shown} cursor={cursor} />
      {result.period ? (
        <p data-testid="dp-period">
          n = {result.numbers[0].toLocaleString('en-US')} is beyond the table ({result.limits?.nimTable.toLocaleString('en-US')}): the answer comes from the
          period the table shows, n mod 4 = {result.numbers[0] % 4}, so the first player {result.numbers[0] % 4 ? 'wins' : 'loses'}.
        </p>
      ) : shape === 'bitmask' ? (
        <MemoList model={model} cursor={cursor} onSelect={select} focus={focus} />
      ) : (
        <DpTable model={model} cursor={cursor} focus={focus} current={current} onSelect={select} theme={theme} />
      )}
      {!embed && (
        <p class="dp-app__legend">
          {model.coarse
            ? `Coarse trace: all ${result.stats.nodes.toLocaleString('en-US')} cells in the solver's order, without the reads (every event would not fit in the trace budget of ${DP_TRACE_BYTES / 2 ** 20} MiB).`
            : 'Each cell shows its value and its choice; arrows point from the cells the current (or selected) cell read. Click a cell to keep it selected.'}
        </p>
      )}
    </section>
  );

  if (embed) {
    // An embed's `view`: the table (the default), the piles ("board"), or both.
    const views = embed.views ?? new Set(['table']);
    return (
      <main class="dp-app dp-app--embed" data-testid="dp-app">
        {solver.error && (
          <p class="dp-app__error" role="alert">
            {solver.error}
          </p>
        )}
        {model && controls !== 'none' && <DpPlayer store={store} controls={controls} />}
        {views.has('table') && table}
        {views.has('board') && result && (
          <section class="panel" aria-label="Piles" data-testid="dp-piles" data-export-frame="piles">
            <h2 class="panel-title">{result.game === 'can-i-win' ? 'The numbers' : result.a ? 'The piles' : 'The stones'}</h2>
            <DpStrip result={result} highlight={highlight} owners={owners} label="Piles" />
          </section>
        )}
      </main>
    );
  }

  return (
    <main class="dp-app" data-testid="dp-app">
      <DpForm
        kind={kind}
        onKind={pickKind}
        text={text}
        onText={setText}
        algo={algo}
        onAlgo={setAlgo}
        onPickAlgo={(a) => {
          // an algorithm picked solves again at once, the input as it stands (use-solver.js, rule 1)
          setAlgo(a);
          run(text, a);
        }}
        onSolve={(input, a) => run(input ?? text, a ?? algo)}
        solving={solver.solving}
        limits={limits}
      />
      {start.notes.length > 0 && (
        <ul class="dp-app__notes" role="status">
          {start.notes.map((n) => (
            <li>{n}</li>
          ))}
        </ul>
      )}
      {solver.error && (
        <p class="dp-app__error" role="alert" data-testid="dp-error">
          {solver.error}
          {result ? ' (the last good result stays below)' : ''}
        </p>
      )}
      {result && model && (
        <>
          <p
            class="dp-app__answer"
            data-testid="dp-answer"
            data-run={model.run}
            data-answer={result.answerText}
            data-input={result.input}
            data-algo={result.algo}
            data-ms={Math.round(result.ms ?? 0)}
          >
            Answer <strong>{result.answerText}</strong> (LeetCode {DP_PROBLEMS[kind].leetcode}, {DP_PROBLEMS[kind].algos[result.algo]}) ·{' '}
            {result.stats.nodes.toLocaleString('en-US')} cells, {result.stats.reads.toLocaleString('en-US')} reads
            {result.stats.calls ? `, ${result.stats.calls.toLocaleString('en-US')} calls, ${result.stats.memoHits.toLocaleString('en-US')} memo hits` : ''}
            {result.stats.marks ? `, ${result.stats.marks.toLocaleString('en-US')} marks` : ''} in {Math.round(result.ms ?? 0)} ms
          </p>
          <DpPlayer store={store} controls={controls} />
          <div class="dp-app__main">
            {table}
            <div class="dp-app__side">
              <section class="panel" aria-label="Piles">
                <h2 class="panel-title">{result.game === 'can-i-win' ? 'The numbers' : result.a ? 'The piles' : 'The stones'}</h2>
                <DpStrip result={result} highlight={highlight} owners={owners} label="Piles" />
              </section>
              {result.algo === 'flawed-memo' && <DpFlawed model={model} cursor={cursor} onSeek={seek} />}
              <DpDetails model={model} cell={shown} cursor={cursor} onSeek={seek} />
              <DpReplay result={result} steps={steps} scores={scores} at={replayAt} onAt={setReplayAt} ready={full} />
              {result.game === 'stone-game-vi' && result.algo === 'dp' && (
                <section class="panel" aria-label="Exchange argument" data-testid="dp-exchange">
                  <h2 class="panel-title">The greedy's exchange argument</h2>
                  <p>{EXCHANGE_ARGUMENT}</p>
                  <DpExchange model={model} cell={shown} />
                </section>
              )}
            </div>
          </div>
        </>
      )}
    </main>
  );
}
