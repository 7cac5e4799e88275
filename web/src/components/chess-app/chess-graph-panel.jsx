import { useEffect, useMemo, useState } from 'preact/hooks';
import { isAbort } from '../../engine/client.js';
import { chessGraphOf, fenOfEntry, pointOfFen } from '../../lib/chess-graph.js';
import { errorWords } from '../../lib/failure.js';
import { ChessGraph } from './chess-graph.jsx';

/**
 * The table's state graph (lib/chess-graph.js), asked of the worker (ask)
 * once it is `shown` and its table (`model`) built, and kept while the table
 * stays; the position `pos` as its selected point, or -1.
 */
export function useChessGraph({ shown, model, building, pos, ask, onError }) {
  const [graph, setGraph] = useState(null);
  useEffect(() => {
    if (!shown || !model || building || graph?.material === model.material) return undefined;
    let live = true;
    ask({ op: 'values', material: model.material }).then(
      (r) => {
        if (!live) return;
        setGraph(chessGraphOf(r));
      },
      (e) => {
        if (live && !isAbort(e)) onError(errorWords(e, 'the position'));
      },
    );
    return () => {
      live = false;
    };
  }, [shown, model, building]);
  const point = useMemo(() => (graph && pos && shown ? pointOfFen(graph, pos.fen) : -1), [graph, pos, shown]);
  return { graph, point };
}

/** The state graph's panel: the graph of the table built (`material`), the position shown selected; a point picked asks for its position (onAsk(fen)). */
export function ChessGraphPanel({ store, graph, point, material, building, busy, onAsk }) {
  return (
    <div class="panel chess-graph-panel">
      <ChessGraph
        store={store}
        graph={graph?.material === material ? graph : null}
        selected={point}
        note={building ? 'Building the table…' : null}
        onSelect={(p) => {
          if (busy || !graph) return;
          onAsk(fenOfEntry(graph.material, graph.entry[p]));
        }}
      />
    </div>
  );
}
