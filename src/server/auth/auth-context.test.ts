import { AsyncLocalStorage, executionAsyncResource } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import { inAuthCall } from "./auth-context";

const t = setupTestApp();

/**
 * Whether Node.js is running promise hooks: with them on, a promise reaction runs with its own
 * promise as the current async resource.
 */
function promiseHooksOn(): Promise<boolean> {
  return new Promise((resolve) => {
    const reaction: Promise<void> = Promise.resolve().then(() => resolve(executionAsyncResource() === reaction));
  });
}

describe("better-auth's async context", () => {
  it("is released when its calls end, so the requests after them do not pay for promise hooks", async () => {
    const { client, password } = await t.member({ email: "hooks@example.com" });
    expect(await promiseHooksOn()).toBe(false);

    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    await t.services.auth.api.verifyPassword({ body: { password }, headers: new Headers({ cookie }) });
    expect(await promiseHooksOn()).toBe(false);
  });

  it("stays in place for calls still running when another ends", async () => {
    // a storage registered where better-auth keeps its own, as its calls do on first use
    const registry = (globalThis as Record<symbol, { context: Record<string, unknown> }>)[
      Symbol.for("better-auth:global")
    ];
    if (!registry) throw new Error("better-auth has not registered its context");
    const storage = new AsyncLocalStorage<string>();
    registry.context.lawguideTest = storage;
    try {
      let finishFirst = () => {};
      const first = inAuthCall(() =>
        storage.run("first", async () => {
          await new Promise<void>((resolve) => {
            finishFirst = resolve;
          });
          return storage.getStore();
        }),
      );
      expect(await inAuthCall(async () => storage.run("second", async () => storage.getStore()))).toBe("second");
      finishFirst();
      expect(await first).toBe("first");
      expect(await promiseHooksOn()).toBe(false);
    } finally {
      delete registry.context.lawguideTest;
    }
  });
});
