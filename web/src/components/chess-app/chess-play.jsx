import { useMemo, useState } from 'preact/hooks';
import { isAbort } from '../../engine/client.js';
import { errorWords } from '../../lib/failure.js';
import { pgn, playUci, readFen, san } from '../../lib/chess.js';
import { moveWords, rank } from './chess-words.js';

const MAX_LINE = 260; // plies "why?" walks at most (the longest 4-piece mate is 43 moves)

/**
 * Play from the position shown (`pos`, answer number `runs`): the side the
 * reader plays against the table, Undo, every legal move best first with its
 * result, and "why?": the line to mate, each side playing perfectly, walked
 * by the table's probes (ask) and given as PGN; a move of it jumps there
 * (onJump(fens before it, its fen)). The line is of the answer it was
 * walked from.
 */
export function ChessPlay({ pos, runs, side, onSide, yourTurn, busy, onBusy, onError, ask, onPlay, canUndo, onUndo, onJump }) {
  const [line, setLine] = useState(null); // { run, fen, moves: [{uci, san, fen}], result, pgn }
  const moves = pos.answer?.moves ?? [];
  const sorted = useMemo(() => [...moves].sort((a, b) => rank(b) - rank(a)), [pos]);
  const over = moves.length === 0;

  const why = async () => {
    const start = pos.fen;
    const run = runs;
    let fen = start;
    let a = pos.answer;
    const steps = [];
    onBusy(true);
    try {
      while (a?.best && a.outcome !== 'draw' && steps.length < MAX_LINE) {
        const next = playUci(fen, a.best);
        const r = await ask({ op: 'probe', fen: next });
        steps.push({
          uci: a.best,
          san: san(
            fen,
            a.best,
            a.moves.map((m) => m.uci),
            r.moves.length === 0 && r.outcome === 'loss',
          ),
          fen: next,
        });
        fen = next;
        a = r;
      }
    } catch (e) {
      if (!isAbort(e)) onError(errorWords(e, 'the position'));
      return;
    } finally {
      onBusy(false);
    }
    const b = readFen(start);
    const result = pos.answer.outcome === 'draw' ? '1/2-1/2' : (pos.answer.outcome === 'win') === (b.stm === 'w') ? '1-0' : '0-1';
    setLine({
      run,
      fen: start,
      moves: steps,
      result,
      pgn: pgn(
        start,
        steps.map((s) => s.san),
        steps.length ? result : '*',
      ),
    });
  };
  const downloadPgn = () => {
    const url = URL.createObjectURL(new Blob([line.pgn], { type: 'application/x-chess-pgn' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `perfect-play-${pos.material}.pgn`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section class="chess-play" aria-label="Play" data-testid="chess-play">
      <div class="chess-play__bar">
        <label>
          You play{' '}
          <select value={side} data-testid="chess-side" onChange={(e) => onSide(e.currentTarget.value)}>
            <option value="">both sides (explore)</option>
            <option value="w">White, the table Black</option>
            <option value="b">Black, the table White</option>
          </select>
        </label>
        <button type="button" onClick={onUndo} disabled={!canUndo || busy} data-testid="chess-undo">
          Undo
        </button>
        <button type="button" onClick={why} disabled={busy || !pos.answer.best || pos.answer.outcome === 'draw'} data-testid="chess-why">
          Why?
        </button>
      </div>
      {over && (
        <p data-testid="chess-over">{pos.answer.outcome === 'loss' ? 'Checkmate.' : pos.material === 'KK' ? 'Bare kings: a draw.' : 'Stalemate: a draw.'}</p>
      )}
      {!over && pos.material === 'KK' && <p data-testid="chess-over">Bare kings: a draw.</p>}
      <ol class="chess-moves" aria-label="Legal moves, best first" data-testid="chess-moves">
        {sorted.map((m) => (
          <li>
            <button
              type="button"
              class={`chess-move chess-move--${m.outcome}`}
              disabled={busy || !yourTurn}
              data-uci={m.uci}
              data-outcome={m.outcome}
              data-dtm={m.dtm ?? ''}
              onClick={() => onPlay(m.uci)}
            >
              <code>
                {san(
                  pos.fen,
                  m.uci,
                  moves.map((x) => x.uci),
                )}
              </code>{' '}
              <span>{moveWords(m)}</span>
            </button>
          </li>
        ))}
      </ol>
      {line && line.run === runs && (
        <div class="chess-line" data-testid="chess-line" data-plies={line.moves.length}>
          <p>
            {line.moves.length ? 'The line to mate, each side playing perfectly:' : 'No line: the position is over.'}{' '}
            {line.moves.map((s, i) => (
              <button
                type="button"
                class="chess-line__move"
                data-testid="chess-line-move"
                onClick={() => onJump([line.fen, ...line.moves.slice(0, i).map((x) => x.fen)], s.fen)}
              >
                {s.san}
              </button>
            ))}
          </p>
          <textarea readOnly rows="4" aria-label="The line as PGN" data-testid="chess-pgn" value={line.pgn} />
          <button type="button" onClick={downloadPgn} data-testid="chess-pgn-download">
            Download PGN
          </button>
        </div>
      )}
    </section>
  );
}
