import { useState } from 'preact/hooks';
import './random-graph.css';

/** Nodes, average degree and seed for the C library's random graph. */
export function RandomGraph({ onMake }) {
  const [nodes, setNodes] = useState(12);
  const [degree, setDegree] = useState(3);
  const [seed, setSeed] = useState(1);
  const submit = (event) => {
    event.preventDefault();
    onMake({ n: nodes, avgDegree: degree, seed });
  };
  const num = (set, min, max) => (event) => {
    const v = Math.round(Number(event.currentTarget.value));
    if (Number.isFinite(v)) set(Math.max(min, Math.min(max, v)));
  };
  return (
    <form class="random-graph" onSubmit={submit} aria-label="Random graph" data-testid="random-graph">
      <span class="random-graph__title">Random graph:</span>
      <label>
        nodes <input type="number" min={3} max={5000} value={nodes} onChange={num(setNodes, 3, 5000)} />
      </label>
      <label>
        avg. degree <input type="number" min={1} max={1999} value={degree} onChange={num(setDegree, 1, 1999)} />
      </label>
      <label>
        seed <input type="number" min={0} max={1e9} value={seed} onChange={num(setSeed, 0, 1e9)} />
      </label>
      <button type="submit">Make</button>
      <button type="button" onClick={() => setSeed((s) => s + 1)}>
        Next seed
      </button>
    </form>
  );
}
