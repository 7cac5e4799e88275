import { useEffect, useState } from 'preact/hooks';
import { writeParams } from '../../lib/share.js';

/** The Game trees tab's parameters that search `rules` with alpha-beta from the initial state. */
export function gdlTreeParams(rules) {
  return { game: 'tree', kind: 'gdl-rules', input: rules };
}

/**
 * "Search with alpha-beta": a link to the Game trees tab carrying the rules
 * (packed into the URL by share.js when long), where minimax and alpha-beta
 * search them with the trace player.
 */
export function GdlTreeLink({ rules }) {
  const [href, setHref] = useState('');
  useEffect(() => {
    let live = true;
    writeParams(gdlTreeParams(rules)).then((q) => live && setHref(q));
    return () => {
      live = false;
    };
  }, [rules]);
  if (!href) return null;
  return (
    <a class="gdl-tree-link" href={href} data-testid="gdl-tree-link">
      Search with alpha-beta
    </a>
  );
}
