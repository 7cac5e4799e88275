import { POSITION_GAMES, TRIANGLE_EDGES, TRIANGLES } from '../../lib/tree-positions.js';

/**
 * A small picture of a position of 一双木棋, Triangle War or the board chase
 * (lib/tree-positions.js), for the selected and the current node. Players
 * are told apart by letters as well as colour.
 */
export function PositionBoard({ game, pos, label, moves = null, onMove = null }) {
  if (!pos) return null;
  const Board = game === 'young-tableau' ? YoungBoard : game === 'triangle-war' ? TriangleBoard : ChaseBoard;
  // Playing (versus-panel): the legal move codes can be clicked on the board
  // too (the panel's buttons are the keyboard's way to the same moves).
  const play = moves && onMove ? { moves, onMove } : null;
  return (
    <figure class="pos" data-testid="position-board" data-game={game} data-position={describe(game, pos)}>
      <Board pos={pos} label={label} play={play} />
      <figcaption>{caption(game, pos)}</figcaption>
    </figure>
  );
}

/** The position in a few characters, for the tests and the accessible name. */
export function describe(game, pos) {
  if (game === 'young-tableau') return `rows ${pos.len.join(' ')}, diff ${pos.diff}`;
  if (game === 'triangle-war')
    return `lines ${
      pos.edges
        .toString(2)
        .split('')
        .filter((c) => c === '1').length
    }, A-B ${pos.diff}`;
  return `white ${pos.w[0] + 1},${pos.w[1] + 1} black ${pos.b[0] + 1},${pos.b[1] + 1} move ${pos.step}`;
}

function caption(game, pos) {
  if (game === 'young-tableau') {
    const over = pos.filled === pos.n * pos.m;
    return `${over ? 'Board full' : `${pos.filled & 1 ? 'Second (B)' : 'First (A)'} to move`} · A − B so far ${pos.diff}`;
  }
  if (game === 'triangle-war') {
    const a = pos.owner.filter((o) => o === 0).length;
    const b = pos.owner.filter((o) => o === 1).length;
    return `${pos.edges === (1 << 18) - 1 ? 'All lines drawn' : `${pos.player ? 'B' : 'A'} to draw`} · A ${a}, B ${b}`;
  }
  const caught = pos.w[0] === pos.b[0] && pos.w[1] === pos.b[1];
  return caught ? `Captured on move ${pos.step}` : `Move ${pos.step + 1}: ${pos.step & 1 ? 'black (1 or 2 steps)' : 'white (1 step)'}`;
}

/** The n x m board: each cell's two scores (A / B), taken cells marked A or B. */
function YoungBoard({ pos, label, play }) {
  const c = 34;
  return (
    <svg
      class="pos__svg"
      viewBox={`0 0 ${pos.m * c + 2} ${pos.n * c + 2}`}
      width={pos.m * c + 2}
      role="img"
      aria-label={`${label}: ${describe('young-tableau', pos)}`}
    >
      {pos.a.map((row, i) =>
        row.map((_, j) => {
          const o = pos.owner[i][j];
          const last = pos.last && pos.last[0] === i && pos.last[1] === j;
          const target = play && pos.len[i] === j && play.moves.includes(i);
          return (
            <g
              key={`${i}-${j}`}
              class={`pos__cell${o === 0 ? ' pos__cell--a' : o === 1 ? ' pos__cell--b' : ''}${last ? ' pos__cell--last' : ''}${target ? ' pos__target' : ''}`}
              data-move={target ? i : undefined}
              onClick={target ? () => play.onMove(i) : undefined}
            >
              <rect x={1 + j * c} y={1 + i * c} width={c} height={c} />
              {o >= 0 ? (
                <text x={1 + j * c + c / 2} y={1 + i * c + c / 2 + 5} class="pos__mark">
                  {o === 0 ? 'A' : 'B'}
                </text>
              ) : (
                <text x={1 + j * c + c / 2} y={1 + i * c + c / 2 + 4} class="pos__score">
                  {pos.a[i][j]}/{pos.b[i][j]}
                </text>
              )}
            </g>
          );
        }),
      )}
    </svg>
  );
}

/** The ten pegs in a triangle; drawn lines solid, the rest dotted; won triangles lettered. */
const PEG = (() => {
  const at = [];
  let k = 1;
  for (let r = 0; r < 4; r++) for (let i = 0; i <= r; i++) at[k++] = [100 + (i - r / 2) * 50, 16 + r * 43];
  return at;
})();

function TriangleBoard({ pos, label, play }) {
  return (
    <svg class="pos__svg" viewBox="0 0 200 165" width={200} role="img" aria-label={`${label}: ${describe('triangle-war', pos)}`}>
      {TRIANGLES.map((t, k) => {
        if (pos.owner[k] < 0) return null;
        const pegs = [...new Set(t.flatMap((e) => TRIANGLE_EDGES[e]))];
        const [x, y] = pegs.reduce(([sx, sy], p) => [sx + PEG[p][0] / 3, sy + PEG[p][1] / 3], [0, 0]);
        return (
          <g key={`t${k}`} class={`pos__tri pos__tri--${pos.owner[k] ? 'b' : 'a'}`}>
            <polygon points={pegs.map((p) => PEG[p].join(',')).join(' ')} />
            <text x={x} y={y + 5} class="pos__mark">
              {pos.owner[k] ? 'B' : 'A'}
            </text>
          </g>
        );
      })}
      {TRIANGLE_EDGES.map(([i, j], e) => (
        <line
          key={`e${e}`}
          class={`pos__line${(pos.edges >> e) & 1 ? ' pos__line--drawn' : ''}${pos.last === e ? ' pos__line--last' : ''}`}
          x1={PEG[i][0]}
          y1={PEG[i][1]}
          x2={PEG[j][0]}
          y2={PEG[j][1]}
        />
      ))}
      {play &&
        TRIANGLE_EDGES.map(([i, j], e) =>
          play.moves.includes(e) ? (
            <line key={`h${e}`} class="pos__hit" data-move={e} x1={PEG[i][0]} y1={PEG[i][1]} x2={PEG[j][0]} y2={PEG[j][1]} onClick={() => play.onMove(e)} />
          ) : null,
        )}
      {PEG.map((p, k) => (p ? <circle key={`p${k}`} class="pos__peg" cx={p[0]} cy={p[1]} r={4} /> : null))}
    </svg>
  );
}

/** The n x n board with the white (W) and black (B) pieces. */
function ChaseBoard({ pos, label, play }) {
  const c = Math.max(10, Math.min(34, Math.floor(220 / pos.n)));
  const piece = ([r, col], cls, letter) => (
    <g class={`pos__piece pos__piece--${cls}`}>
      <circle cx={1 + col * c + c / 2} cy={1 + r * c + c / 2} r={c * 0.38} />
      {c >= 18 && (
        <text x={1 + col * c + c / 2} y={1 + r * c + c / 2 + 4} class="pos__mark">
          {letter}
        </text>
      )}
    </g>
  );
  const cells = [];
  for (let r = 0; r < pos.n; r++)
    for (let col = 0; col < pos.n; col++) {
      const from = pos.from && pos.from[0] === r && pos.from[1] === col;
      cells.push(
        <rect
          key={`${r}-${col}`}
          class={`pos__square${(r + col) & 1 ? ' pos__square--dark' : ''}${from ? ' pos__square--from' : ''}`}
          x={1 + col * c}
          y={1 + r * c}
          width={c}
          height={c}
        />,
      );
    }
  const caught = pos.w[0] === pos.b[0] && pos.w[1] === pos.b[1];
  const targets = play
    ? play.moves.map((code) => {
        const next = POSITION_GAMES['board-chase'].play(pos, code);
        const [r, col] = pos.step & 1 ? next.b : next.w;
        return (
          <rect
            key={`t${code}`}
            class="pos__target-square"
            data-move={code}
            x={1 + col * c + 3}
            y={1 + r * c + 3}
            width={c - 6}
            height={c - 6}
            onClick={() => play.onMove(code)}
          />
        );
      })
    : null;
  return (
    <svg
      class="pos__svg"
      viewBox={`0 0 ${pos.n * c + 2} ${pos.n * c + 2}`}
      width={pos.n * c + 2}
      role="img"
      aria-label={`${label}: ${describe('board-chase', pos)}`}
    >
      {cells}
      {caught ? piece(pos.w, pos.step & 1 ? 'white' : 'black', pos.step & 1 ? 'W' : 'B') : [piece(pos.w, 'white', 'W'), piece(pos.b, 'black', 'B')]}
      {targets}
    </svg>
  );
}
