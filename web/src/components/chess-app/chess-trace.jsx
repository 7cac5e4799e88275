import { formatCount, formatMs } from '../../lib/format.js';
import { PlayerControls } from '../player-controls/index.jsx';

/**
 * The BFS layers as a trace: the player's controls (an embed's `controls`
 * picks them), the ply that decides the position shown (`plies`, when the
 * board is shown) against the cursor's `ply`, and the table's facts (when
 * the layers are shown).
 */
export function ChessTrace({ store, controls = 'full', plies, ply, table }) {
  return (
    <div class="chess-trace" tabIndex={0} aria-label="BFS layers: arrow keys step, Space plays" data-testid="chess-trace">
      {controls !== 'none' && <PlayerControls store={store} variant={controls} />}
      {plies != null && (
        <p class="chess-ply-note" data-testid="chess-ply-text">
          The position shown is decided at ply {plies}
          {plies <= ply ? " (decided by the cursor's ply)" : ''}.
        </p>
      )}
      {table && (
        <p class="chess-table-facts">
          {table.material}: {formatCount((table.positions?.white ?? 0) + (table.positions?.black ?? 0))} positions
          {table.longest?.white ? `, longest mate ${table.longest.white.moves} moves (white)` : ''}
          {table.longest?.black ? `, ${table.longest.black.moves} moves (black)` : ''}
          {table.built ? `; built in ${formatMs(table.buildMs)} with ${table.built - 1} conversion table${table.built === 2 ? '' : 's'}` : '; from the cache'}
        </p>
      )}
    </div>
  );
}
