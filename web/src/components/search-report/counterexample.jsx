/**
 * Why DFS with memo gets the counterexample preset wrong. The event numbers
 * are the memo search's trace indices, checked by tests/js/player-views.test.mjs.
 */
export function CounterexampleExplanation({ onEvent }) {
  const ev = (i) => (
    <button type="button" class="event-chip" onClick={() => onEvent(i)} data-event={i}>
      event {i}
    </button>
  );
  return (
    <>
      <p>
        <strong>Why memo DFS says draw here.</strong> The mouse can shuttle between nodes 4 and 5 while the cat shuttles between 2 and 3: a cycle of four states
        (4,3,cat) → (4,2,mouse) → (5,2,cat) → (5,3,mouse) → (4,3,cat).
      </p>
      <p>
        Searching the mouse's first move, to 4, the search reaches (5,3,mouse) while (4,3,cat) is still on its path ({ev(45)}): the cycle check calls the move
        back to (4,3,cat) a draw, and (5,3,mouse) is stored in the memo as a draw ({ev(47)}), though the cat wins there in 4 moves. That false draw is stored
        again for (5,2,cat) and (4,2,mouse); cuts of the same kind at events 34, 57 and 63 give (4,2,mouse), (1,3,mouse), (1,2,cat) and (5,2,mouse) false draws
        too.
      </p>
      <p>
        Back at the start, the mouse's other move, to 5, reads (5,2,cat) from the memo as a draw ({ev(83)}), so the start (1,2,mouse) is labelled a draw (
        {ev(85)}) although the cat wins in 6. Naive DFS, which stores nothing, finds the cat's win.
      </p>
    </>
  );
}
