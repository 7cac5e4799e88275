// The searches in the max/min form of the teaching material, in our words.
// Steps are perfect_play.h's: MAX's lines 1..8, MIN's the same plus 10.
const LINES = {
  alphabeta: [
    [1, 'doMax(S, α, β):', 'doMin(S, α, β):'],
    [2, '  if S is a leaf: return value(S)', '  if S is a leaf: return value(S)'],
    [3, '  the table may answer S or narrow [α, β]', '  the table may answer S or narrow [α, β]'],
    [4, '  for each move m of S:', '  for each move m of S:'],
    [5, '    now = doMin(S after m, α, β)', '    now = doMax(S after m, α, β)'],
    [6, '    if now > α: α = now', '    if now < β: β = now'],
    [7, '    if α >= β: cut, return β', '    if α >= β: cut, return α'],
    [8, '  return α', '  return β'],
  ],
  'alphabeta-soft': [
    [1, 'doMax(S, α, β):  best = -∞', 'doMin(S, α, β):  best = +∞'],
    [2, '  if S is a leaf: return value(S)', '  if S is a leaf: return value(S)'],
    [3, '  the table may answer S or narrow [α, β]', '  the table may answer S or narrow [α, β]'],
    [4, '  for each move m of S:', '  for each move m of S:'],
    [5, '    now = doMin(S after m, α, β)', '    now = doMax(S after m, α, β)'],
    [6, '    best = max(best, now); α = max(α, now)', '    best = min(best, now); β = min(β, now)'],
    [7, '    if α >= β: cut, return best', '    if α >= β: cut, return best'],
    [8, '  return best', '  return best'],
  ],
  minimax: [
    [1, 'doMax(S):  best = -∞', 'doMin(S):  best = +∞'],
    [2, '  if S is a leaf: return value(S)', '  if S is a leaf: return value(S)'],
    [3, '  the table may answer S', '  the table may answer S'],
    [4, '  for each move m of S:', '  for each move m of S:'],
    [5, '    now = doMin(S after m)', '    now = doMax(S after m)'],
    [6, '    best = max(best, now)', '    best = min(best, now)'],
    [7, '    (never cuts)', '    (never cuts)'],
    [8, '  return best', '  return best'],
  ],
};
const TITLES = { alphabeta: 'Alpha-beta (fail-hard)', 'alphabeta-soft': 'Alpha-beta (fail-soft)', minimax: 'Minimax' };

/** The pseudocode of the search, the current event's line highlighted (MAX or MIN side). */
export function TreeCode({ algo, step }) {
  const lines = LINES[algo] ?? LINES.alphabeta;
  const side = step >= 10 ? 1 : 0;
  const line = step % 10;
  return (
    <section class="panel tree-code" aria-label="Pseudocode" data-testid="tree-code" data-step={step}>
      <h2 class="panel-title">{TITLES[algo] ?? algo}</h2>
      <div class="tree-code__cols">
        {[0, 1].map((col) => (
          <ol class="tree-code__lines" aria-label={col ? 'MIN to move' : 'MAX to move'}>
            {lines.map(([n, ...text]) => {
              const on = step > 0 && col === side && n === line;
              return (
                <li class={`tree-code__line${on ? ' tree-code__line--current' : ''}`} data-line={n + col * 10} aria-current={on ? 'step' : undefined}>
                  <span class="tree-code__num">{n + col * 10}</span>
                  <code>{text[col]}</code>
                </li>
              );
            })}
          </ol>
        ))}
      </div>
    </section>
  );
}
