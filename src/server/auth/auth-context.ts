/**
 * better-auth keeps each call's context in `AsyncLocalStorage`. On Node.js 20 the first `run()`
 * of any such storage switches on promise hooks for the whole process, and they stay on: every
 * promise of every request then pays for them (about 15% of the server's CPU while answers stream,
 * and a millisecond on each answer's first word). LawGuide's own code keeps no async context, so
 * once no better-auth call is running, its storages are disabled again, which switches the hooks
 * off until the next call. (Node.js 22's AsyncContextFrame makes this free and this a no-op.)
 */

/** Where better-auth keeps its storages (`@better-auth/core/context`, `__getBetterAuthGlobal`). */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");

interface Disableable {
  disable?: () => void;
}

let running = 0;

function releaseStorages() {
  const global = (globalThis as Record<symbol, { context?: Record<string, Disableable> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  for (const storage of Object.values(global?.context ?? {})) storage.disable?.();
}

/** Run one better-auth call; when the last running call ends, its async context is released. */
export async function inAuthCall<T>(call: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await call();
  } finally {
    running--;
    if (running === 0) releaseStorages();
  }
}

/** The same better-auth instance whose handler and API calls release their context when done. */
export function releasingContext<A extends { handler: (request: Request) => Promise<Response>; api: object }>(
  auth: A,
): A {
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => inAuthCall(() => Promise.resolve(value.apply(target, args)));
    },
  });
  return { ...auth, handler: (request: Request) => inAuthCall(() => auth.handler(request)), api };
}
