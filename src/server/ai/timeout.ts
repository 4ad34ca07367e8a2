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
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const onOuterAbort = () => controller.abort();
  if (outer?.aborted) throw new StoppedError();
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  touch();
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
