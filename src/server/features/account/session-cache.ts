/**
 * Sessions kept in memory by a process that owns its database (the embedded engine: its
 * directory is locked to one process). The database announces every change to what a session
 * lookup returns (migration 0004: triggers on session, user, user_profiles and subscriptions
 * notify `AUTH_CHANGED_CHANNEL` with the member's id, or '' when a table is emptied), and the
 * member is forgotten before the writer's statement returns, so a signed-out, banned or deleted
 * member is refused on the very next request. Nothing is kept until the process listens.
 */
export const AUTH_CHANGED_CHANNEL = "lawguide_auth_changed";

/** Enough for every member active at once on one embedded server; the oldest go first. */
const DEFAULT_MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  expiresAt: number;
}

export interface SessionCache<T> {
  /** The session for this token, if kept and not expired. */
  get(token: string): T | undefined;
  /** Read before looking the session up in the database; pass it to `set`. */
  generation(): number;
  /**
   * Keep a session looked up in the database. Ignored unless the cache is listening and nothing
   * changed since `generation` was read (the lookup may have seen the state before a change
   * whose announcement came in the meantime).
   */
  set(token: string, entry: { userId: string; expiresAt: Date; value: T }, generation: number): void;
  /** A change was announced for this member ('' for everyone). */
  forget(userId: string): void;
  /** Start keeping sessions: changes are now announced to `forget`. */
  activate(): void;
  readonly size: number;
}

export function createSessionCache<T>(options: { maxEntries?: number; now?: () => number } = {}): SessionCache<T> {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const byToken = new Map<string, Entry<T>>();
  const byUser = new Map<string, Set<string>>();
  let active = false;
  let changes = 0;

  function remove(token: string) {
    const entry = byToken.get(token);
    if (!entry) return;
    byToken.delete(token);
    const tokens = byUser.get(entry.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) byUser.delete(entry.userId);
  }

  return {
    get(token) {
      const entry = byToken.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(token);
        return undefined;
      }
      return entry.value;
    },
    generation: () => changes,
    set(token, { userId, expiresAt, value }, generation) {
      if (!active || generation !== changes) return;
      remove(token);
      if (byToken.size >= maxEntries) {
        const oldest = byToken.keys().next();
        if (!oldest.done) remove(oldest.value);
      }
      byToken.set(token, { value, userId, expiresAt: expiresAt.getTime() });
      const tokens = byUser.get(userId);
      if (tokens) tokens.add(token);
      else byUser.set(userId, new Set([token]));
    },
    forget(userId) {
      changes += 1;
      if (userId === "") {
        byToken.clear();
        byUser.clear();
        return;
      }
      for (const token of byUser.get(userId) ?? []) byToken.delete(token);
      byUser.delete(userId);
    },
    activate() {
      active = true;
    },
    get size() {
      return byToken.size;
    },
  };
}
