import { readFen } from '../../lib/chess.js';

/** The endings offered in the picker, with a start position each. */
export const ENDINGS = [
  ['KQK', 'k7/8/8/8/8/8/8/KQ6 w - - 0 1'],
  ['KRK', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1'],
  ['KPK', '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'], // black to move, mated in 20: the opposition wins
  ['KBBK', '8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1'],
  ['KBNK', '8/8/8/4k3/8/8/8/1N2KB2 w - - 0 1'],
  ['KQKR', '3rk3/8/8/8/8/8/8/3QK3 w - - 0 1'],
  ['KRKB', '4kb2/8/8/8/8/8/8/R3K3 w - - 0 1'],
  ['KRKP', '8/3p4/8/4k3/8/8/8/R3K3 w - - 0 1'],
  ['KPKP', '8/3p4/8/4k3/8/3K4/4P3/8 w - - 0 1'],
];

/** The link's FEN, checked as text (the C library checks the chess). */
export function linkFen(value) {
  if (value === undefined) return { fen: null, error: null };
  if (
    typeof value !== 'string' ||
    value.length > 100 ||
    !/^[1-8KQRBNPkqrbnp/]+ [wb]( [-KQkq]+( [-a-h1-8]+( \d+( \d+)?)?)?)?$/.test(value.trim()) ||
    !readFen(value)
  ) {
    return { fen: null, error: `The link's fen "${String(value).slice(0, 60)}" is not a FEN; showing the default position.` };
  }
  return { fen: value.trim(), error: null };
}

/**
 * What the reader asks for: an ending from the picker (the one of the
 * position shown, `fen`, is selected) or a FEN typed and solved, and
 * whether the state graph is shown. onAsk(fen) asks for a new position.
 */
export function ChessInput({ fen, fenText, onFenText, busy, graphOn, onGraphOn, onAsk }) {
  return (
    <form
      class="chess-input"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        onAsk(fenText.trim());
      }}
    >
      <label>
        Ending{' '}
        <select
          data-testid="chess-material"
          value={ENDINGS.find(([, f]) => f === fen)?.[0] ?? ''}
          onChange={(e) => {
            const f = ENDINGS.find(([m]) => m === e.currentTarget.value)?.[1];
            if (!f || busy) return;
            onFenText(f);
            onAsk(f);
          }}
        >
          <option value="">(pick one)</option>
          {ENDINGS.map(([m]) => (
            <option value={m}>{m}</option>
          ))}
        </select>
      </label>
      <label class="chess-input__fen">
        FEN{' '}
        <input type="text" value={fenText} spellcheck={false} autocomplete="off" data-testid="chess-fen" onInput={(e) => onFenText(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={busy} data-testid="chess-solve">
        Solve
      </button>
      <label class="chess-input__view">
        <input type="checkbox" checked={graphOn} onChange={(e) => onGraphOn(e.currentTarget.checked)} data-testid="chess-view-graph" /> State graph
      </label>
    </form>
  );
}
