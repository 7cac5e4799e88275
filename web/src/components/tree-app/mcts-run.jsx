// mcts-run.jsx: a Monte Carlo tree search as the Game trees tab shows it:
// the answer line, the player (by event or by iteration), the growing tree,
// and beside it the pseudocode, the root moves against their exact values,
// the convergence plot, the statistics and the position at the current node.
import { useState } from 'preact/hooks';
import { formatCount } from '../../lib/format.js';
import { boardAt } from '../../lib/ttt.js';
import { POSITION_GAMES, positionAt } from '../../lib/tree-positions.js';
import { meanText } from '../../lib/mcts.js';
import { ITERATION_STEP, MctsCode, MctsMoves, MctsPlot, MctsStats, MctsTree, moveLabel } from './mcts-view.jsx';
import { PositionBoard } from './position-board.jsx';
import { TreePlayer } from './tree-player.jsx';
import { TttBoard } from './ttt-board.jsx';

export function MctsRun({ kind, model, result, cursor, store, embed }) {
  const [selected, setSelected] = useState(-1);
  const current = model.nodeAt(cursor - 1);
  const node = selected >= 0 && selected < model.ids ? selected : current >= 0 && current < model.ids ? current : 0;
  const chosen = result.best;
  const perfect = chosen >= 0 && result.moves[chosen].exact === result.value;
  const full = !embed || embed.controls === 'full';
  const position =
    kind === 'tic-tac-toe' ? (
      <TttBoard rows={boardAt(model, result.info, node)} small label={`Node ${node}`} />
    ) : POSITION_GAMES[kind] ? (
      <PositionBoard game={kind} pos={positionAt(model, kind, result.input, node)} label={`Node ${node}`} />
    ) : null;
  const mean = model.meanOf(node);
  const proven = model.provenOf(node);
  return (
    <>
      <p
        class="tree-app__answer"
        data-testid="tree-answer"
        data-value={result.value}
        data-input={result.input}
        data-algo="mcts"
        data-best={chosen}
        data-ips={Math.round(result.iterationsPerSecond)}
      >
        Exact value <strong>{result.value}</strong> (alpha-beta) · after {formatCount(result.iterations)} iterations MCTS chooses{' '}
        <strong data-testid="mcts-choice">{chosen >= 0 ? moveLabel(result, chosen) : 'nothing (the game is over)'}</strong>
        {chosen >= 0 && (perfect ? ', a perfect-play move' : ', not perfect play')}
        {result.proven ? ` · the solver proved the root: ${result.provenValue}` : ''} · {Math.round(result.searchMs)} ms
      </p>
      {embed?.controls !== 'none' && <TreePlayer store={store} variant={embed?.controls ?? 'full'} decision={ITERATION_STEP} />}
      <div class={`tree-app__main${embed && !full ? ' tree-app__main--alone' : ''}`}>
        <section class="panel tree-app__tree" aria-label="Search tree" data-export-frame="tree">
          <h2 class="panel-title">Search tree as it grows</h2>
          {model.count > 0 ? (
            <MctsTree model={model} cursor={cursor} selected={selected} onSelect={(u) => setSelected(u === selected ? -1 : u)} />
          ) : (
            <p>No trace: {result.moves.length === 0 ? 'the game is over at the root.' : 'nothing to play.'}</p>
          )}
          <p class="tree-app__legend">
            A circle per node visited so far, its area by its visits; colour by its mean reward for MAX: blue, MAX wins; red, MIN wins; grey, even · ringed:
            proven by the solver · the pink path: this iteration's selection · click a node for its figures
          </p>
          <ol class="mcts-path" aria-label="This iteration's path" data-testid="mcts-path" tabIndex={0}>
            {(cursor > 0 ? model.path() : []).map((u) => (
              <li data-node={u} data-visits={model.visits[u]}>
                node {u}
                {u ? ` (move #${model.moveOf[u]})` : ' (root)'}: {formatCount(model.visits[u])} visits, mean {meanText(model.meanOf(u))}
              </li>
            ))}
          </ol>
        </section>
        {full && (
          <div class="tree-app__side">
            <MctsCode step={model.stepAt(cursor - 1)} />
            <MctsStats result={result} model={model} cursor={cursor} />
            <section class="panel" aria-label="Selected node" data-testid="node-details">
              <h2 class="panel-title">
                Node {node}
                {selected < 0 ? ' (the current one)' : ''}
              </h2>
              <ul class="tree-app__facts">
                <li>
                  {formatCount(model.visits[node])} visits, mean {meanText(mean)} for MAX{proven ? `, proven: ${proven.lo}` : ''}
                </li>
                {node > 0 && (
                  <li>
                    Move #{model.moveOf[node]} of node {model.parent[node]}
                  </li>
                )}
              </ul>
              {position}
            </section>
          </div>
        )}
      </div>
      {full && (
        <div class="mcts-run__wide">
          <MctsMoves result={result} model={model} cursor={cursor} />
          <MctsPlot result={result} model={model} cursor={cursor} />
        </div>
      )}
    </>
  );
}
