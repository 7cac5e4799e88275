// next-task.js: long work on the main thread split into tasks, so the
// browser draws and takes input in between.

/** Resolves in the next task (scheduler.yield where the browser has it). */
export const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
