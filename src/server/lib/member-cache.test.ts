import { describe, expect, it } from "vitest";
import { createMemberCache } from "./member-cache";

describe("the member cache", () => {
  const entry = (userId: string, expiresAt: number) => ({ userId, expiresAt: new Date(expiresAt), value: userId });

  it("keeps nothing until it listens for changes", () => {
    const cache = createMemberCache<string>({ now: () => 0 });
    cache.set("t1", entry("u1", 1000), cache.generation());
    expect(cache.get("t1")).toBeUndefined();
    cache.activate();
    cache.set("t1", entry("u1", 1000), cache.generation());
    expect(cache.get("t1")).toBe("u1");
  });

  it("never returns a session past its expiry", () => {
    let now = 0;
    const cache = createMemberCache<string>({ now: () => now });
    cache.activate();
    cache.set("t1", entry("u1", 1000), cache.generation());
    now = 999;
    expect(cache.get("t1")).toBe("u1");
    now = 1000;
    expect(cache.get("t1")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets every session of a member, or everyone's, when a change is announced", () => {
    const cache = createMemberCache<string>({ now: () => 0 });
    cache.activate();
    cache.set("a1", entry("a", 1000), cache.generation());
    cache.set("a2", entry("a", 1000), cache.generation());
    cache.set("b1", entry("b", 1000), cache.generation());
    cache.forget("a");
    expect([cache.get("a1"), cache.get("a2"), cache.get("b1")]).toEqual([undefined, undefined, "b"]);
    cache.forget("");
    expect(cache.get("b1")).toBeUndefined();
  });

  it("does not keep a lookup that a change overtook", () => {
    const cache = createMemberCache<string>({ now: () => 0 });
    cache.activate();
    const before = cache.generation();
    // The lookup ran, then a change to someone was announced before its result was kept.
    cache.forget("someone");
    cache.set("t1", entry("u1", 1000), before);
    expect(cache.get("t1")).toBeUndefined();
  });

  it("holds at most its limit, dropping the oldest first", () => {
    const cache = createMemberCache<string>({ now: () => 0, maxEntries: 2 });
    cache.activate();
    cache.set("t1", entry("u1", 1000), cache.generation());
    cache.set("t2", entry("u2", 1000), cache.generation());
    cache.set("t3", entry("u3", 1000), cache.generation());
    expect([cache.get("t1"), cache.get("t2"), cache.get("t3")]).toEqual([undefined, "u2", "u3"]);
    expect(cache.size).toBe(2);
  });
});
