/**
 * The process's own timer and clock, taken when this module loads. Polling with them keeps
 * working while a test runs on a fake clock: vi.waitFor and vi.waitUntil move a fake clock
 * forward on every check, which would shift the deadlines such a test is measuring.
 */
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/**
 * Wait for a condition rather than for a guessed time: `condition` is checked at once and then
 * every `interval` ms until it returns a truthy value, which is returned; past `timeout` ms
 * (real time) the wait fails, naming `what` it was waiting for.
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  {
    what = "the condition",
    timeout = 10_000,
    interval = 20,
  }: { what?: string; timeout?: number; interval?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = realNow() + timeout;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (realNow() > deadline) throw new Error(`waited ${timeout} ms for ${what} in vain`);
    await new Promise((resolve) => realSetTimeout(resolve, interval));
  }
}
