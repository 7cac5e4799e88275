// embed-code.js: the snippets an author pastes to embed the current view,
// built from the same parameters as a link. No Preact.
import { INLINE_LIMIT, packInput } from './share.js';

/** Escapes text for an HTML attribute value in double quotes. */
export function attr(text) {
  return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * { iframe, element } for `params` (game, input, algo, step, ...) served
 * from `base` (the app's URL: embed.html, embed-host.js and perfect-play.js
 * sit beside index.html). `title` names the frame for screen readers.
 */
export async function embedSnippets(base, params, { title = 'Perfect Play', query }) {
  const embedUrl = new URL(`embed.html${query}`, base).href;
  const host = new URL('embed-host.js', base).href;
  const element = new URL('perfect-play.js', base).href;
  const iframe =
    `<iframe src="${attr(embedUrl)}" title="${attr(title)}" width="100%" height="480" loading="lazy" ` +
    `data-perfect-play></iframe>\n<script type="module" src="${attr(host)}"></script>`;
  const attrs = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (name === 'input' && String(value).length > INLINE_LIMIT) attrs.push(`z="${attr(await packInput(String(value)))}"`);
    else attrs.push(`${name}="${attr(value)}"`);
  }
  const tag = `<script type="module" src="${attr(element)}"></script>\n<perfect-play ${attrs.join(' ')}></perfect-play>`;
  return { iframe, element: tag };
}
