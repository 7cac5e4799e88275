// use-worker.js: the one way a view asks the solver worker. A view holds
// its own client (made on its first request, ended with the view) and sends
// its requests under a policy it names (engine/requests.js): NEWEST_WINS for
// the answer it shows, IN_ORDER for a run of questions that must all be
// answered. The running request's progress is a signal, so its messages (ten
// a second) re-render only the part that reads `progress.value`.
import { useSignal } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { createRequests, IN_ORDER, NEWEST_WINS } from '../engine/requests.js';

export { IN_ORDER, NEWEST_WINS };

/**
 * { ask(request, { progress, link }), cancel(), progress (a signal) }:
 * requests.js says what each does. A request is for the `game` of the
 * render that asks it (a tab may switch games); the policy is the first's.
 */
export function useWorker(game, policy = NEWEST_WINS) {
  const progress = useSignal(null);
  const gameRef = useRef(game);
  gameRef.current = game;
  const requests = useMemo(() => createRequests({ game: () => gameRef.current, policy, onProgress: (p) => (progress.value = p) }), []);
  useEffect(() => () => requests.dispose(), []);
  return { ask: requests.ask, cancel: requests.cancel, progress };
}
