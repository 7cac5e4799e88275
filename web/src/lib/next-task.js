// next-task.js: long work split into tasks, so the browser draws and takes
// input in between (the main thread), or a worker reads its messages.

/**
 * A macrotask boundary made by a message to ourselves (no timer clamping), so
 * the messages queued meanwhile (a worker's 'cancel', another worker's
 * reply) are read before the work goes on.
 */
export function yieldToEvents() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close(); // a port left open keeps Node's event loop alive
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Resolves in the next task (scheduler.yield where the browser has it). */
export const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
