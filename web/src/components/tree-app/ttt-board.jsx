/** A tic-tac-toe board: a grid of buttons to set a position (onCell), or a picture. */
export function TttBoard({ rows, onCell, highlight = -1, label = 'Board', small = false }) {
  const n = rows.length;
  return (
    <div
      class={`ttt${small ? ' ttt--small' : ''}`}
      style={{ gridTemplateColumns: `repeat(${n}, 1fr)` }}
      role={onCell ? 'group' : 'img'}
      aria-label={onCell ? label : `${label}: ${rows.join(' / ')}`}
      data-testid={small ? 'ttt-mini' : 'ttt-board'}
      data-board={rows.join('/')}
    >
      {rows
        .join('')
        .split('')
        .map((c, i) => {
          const text = c === '.' ? '' : c;
          const cls = `ttt__cell${i === highlight ? ' ttt__cell--best' : ''}`;
          return onCell ? (
            <button
              type="button"
              class={cls}
              data-cell={i}
              aria-label={`row ${Math.floor(i / n) + 1} column ${(i % n) + 1}: ${c === '.' ? 'empty' : c}`}
              onClick={() => onCell(i)}
            >
              {text}
            </button>
          ) : (
            <span class={cls} data-cell={i}>
              {text}
            </span>
          );
        })}
    </div>
  );
}
