import { ProviderTimeoutError, StoppedError } from "./types";

/**
 * Run a provider call under an idle deadline: it is aborted when nothing has happened for
 * `timeoutMs` (call `touch()` on every piece of progress), or at once when `outer` aborts (Stop).
 * A stop surfaces as StoppedError, a deadline as ProviderTimeoutError.
 */
export async function withIdleTimeout<T>(
  provider: string,
  timeoutMs: number,
  outer: AbortSignal | undefined,
  run: (signal: AbortSignal, touch: () => void) => Promise<T>,
): Promise<T> {
  if (outer?.aborted) throw new StoppedError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // Called on every streamed word: moving the one timer is cheaper than a new one each time.
  const touch = () => {
    timer.refresh();
  };
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  try {
    return await run(controller.signal, touch);
  } catch (error) {
    if (outer?.aborted) throw new StoppedError();
    if (timedOut) throw new ProviderTimeoutError(provider, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}
