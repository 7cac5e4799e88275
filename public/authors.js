// authors.js: the live examples of authors.html "Driving a player": buttons
// that drive a <perfect-play> element through its properties and methods,
// and a log of the `step` events it sends back.
const player = document.querySelector('[data-testid="authors-driven"]');
const log = document.querySelector('[data-testid="authors-driven-log"]');

const actions = {
  'step-9': () => {
    player.step = 9;
  },
  'first-cutoff': () => player.goto('first-cutoff'),
  play: () => {
    player.speed = 4;
    player.play();
  },
  pause: () => player.pause(),
  'select-1': () => player.select(1),
  end: () => player.goto('end'),
};

for (const button of document.querySelectorAll('[data-drive]')) {
  button.addEventListener('click', () => actions[button.dataset.drive]?.());
}

player?.addEventListener('step', (event) => {
  const { step, total, playing, text } = event.detail;
  log.textContent = `step ${step} of ${total}${playing ? ' (playing)' : ''}: ${text}`;
});
