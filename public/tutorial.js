// tutorial.js: scrollytelling for tutorial.html. Each paragraph marked
// .step names its figure (data-figure, an iframe's id) and the moment it
// describes: data-goto (a step) or data-moment (lib/remote.js's moments),
// and data-play (events per second) to play on from there. When a paragraph
// reaches the middle of the window (IntersectionObserver), or gets the
// keyboard's focus, its figure moves there by the player's postMessage
// commands. A reader who prefers reduced motion gets no playing: the figure
// jumps to data-settle (a moment) instead.
const COMMAND = 'perfect-play:command';
const READY = 'perfect-play:ready';
const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)');

const frames = new Map(); // iframe -> { ready, want: commands to send once it is }

function commandsFor(step) {
  const d = step.dataset;
  const go = d.moment ? { action: 'goto', moment: d.moment } : { action: 'goto', step: Number(d.goto) || 0 };
  if (!d.play) return [go];
  if (reduced?.matches) return d.settle ? [{ action: 'goto', moment: d.settle }] : [go];
  return [go, { action: 'speed', speed: Number(d.play) }, { action: 'play' }];
}

function drive(frame, commands) {
  const state = frames.get(frame);
  if (!state) return;
  state.want = commands;
  if (!state.ready) return; // sent when the player says it is ready
  for (const cmd of commands) frame.contentWindow?.postMessage({ type: COMMAND, ...cmd }, window.location.origin);
}

let active = null;
function activate(step) {
  if (step === active) return;
  active?.classList.remove('is-active');
  active?.removeAttribute('aria-current');
  active = step;
  step.classList.add('is-active');
  step.setAttribute('aria-current', 'step');
  const frame = document.getElementById(step.dataset.figure);
  if (frame) drive(frame, commandsFor(step));
}

window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object' || data.type !== READY) return;
  for (const [frame, state] of frames) {
    if (frame.contentWindow !== event.source) continue;
    state.ready = true;
    if (state.want) drive(frame, state.want);
  }
});

const steps = [...document.querySelectorAll('.step[data-figure]')];
for (const step of steps) {
  const frame = document.getElementById(step.dataset.figure);
  if (frame && !frames.has(frame)) frames.set(frame, { ready: false, want: null });
  step.addEventListener('focus', () => activate(step));
}

// A thin band across the window: the paragraph crossing it is the one being
// read. In the middle; on a phone, where the figure covers the top half, lower.
const narrow = window.matchMedia?.('(max-width: 52rem)');
let observer = null;
function observe() {
  observer?.disconnect();
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) activate(entry.target);
    },
    { rootMargin: narrow?.matches ? '-70% 0px -25% 0px' : '-45% 0px -50% 0px' },
  );
  for (const step of steps) observer.observe(step);
}
observe();
narrow?.addEventListener('change', observe);
