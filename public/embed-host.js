// embed-host.js: put on a page that embeds Perfect Play in iframes
// (<iframe src=".../embed.html?..." data-perfect-play>), it sizes each such
// frame to its content. It trusts a message only from the frame's own window
// and reads nothing from it but a height in pixels.
//
//   <script type="module" src="https://…/embed-host.js"></script>
const MESSAGE = 'perfect-play:height';
const MIN = 80;
const MAX = 20_000;

window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object' || data.type !== MESSAGE) return;
  const height = Number(data.height);
  if (!Number.isFinite(height)) return;
  for (const frame of document.querySelectorAll('iframe[data-perfect-play]')) {
    if (frame.contentWindow !== event.source) continue;
    frame.style.height = `${Math.round(Math.min(MAX, Math.max(MIN, height)))}px`;
    frame.dataset.ppHeight = String(Math.round(height));
  }
});
