import { useEffect, useState } from 'preact/hooks';
import { writeParams } from '../../lib/share.js';

/**
 * The Game trees tab's parameters that search `rules` from the initial
 * state: with alpha-beta, or with `algo: 'mcts'` Monte Carlo tree search
 * at its default options (the tab reads them from the link, tree-app's fromLink).
 */
export function gdlTreeParams(rules, algo) {
  return { game: 'tree', kind: 'gdl-rules', input: rules, ...(algo === 'mcts' ? { algo } : {}) };
}

/**
 * "Search with alpha-beta" and "Search with MCTS": links to the Game trees
 * tab carrying the rules (packed into the URL by share.js when long), where
 * minimax and alpha-beta search them with the trace player, or Monte Carlo
 * tree search grows its tree beside the exact values.
 */
export function GdlTreeLink({ rules }) {
  const [href, setHref] = useState(null);
  useEffect(() => {
    let live = true;
    Promise.all([writeParams(gdlTreeParams(rules)), writeParams(gdlTreeParams(rules, 'mcts'))]).then(([ab, mcts]) => live && setHref({ ab, mcts }));
    return () => {
      live = false;
    };
  }, [rules]);
  if (!href) return null;
  return (
    <>
      <a class="gdl-tree-link" href={href.ab} data-testid="gdl-tree-link">
        Search with alpha-beta
      </a>
      <a class="gdl-tree-link" href={href.mcts} data-testid="gdl-tree-link-mcts">
        Search with MCTS
      </a>
    </>
  );
}
