/**
 * What a process that owns its database (the embedded engine: its directory is locked to one
 * process) keeps in memory about members: their sessions, the first page of their cases. The
 * database announces every change to what was read (triggers notify a channel with the member's
 * id, or '' when a table is emptied: migrations 0004 and 0011), and the member's entries are
 * forgotten before the writer's statement returns, so the very next request reads the change.
 * Nothing is kept until the process listens.
 */

/** Enough for every member active at once on one embedded server; the oldest go first. */
const DEFAULT_MAX_ENTRIES = 10_000;

/** Changes to what a session lookup returns: session, user, user_profiles, subscriptions (0004). */
export const AUTH_CHANGED_CHANNEL = "lawguide_auth_changed";
/** Changes to a member's cases (0011). */
export const CASES_CHANGED_CHANNEL = "lawguide_cases_changed";

interface Entry<T> {
  value: T;
  userId: string;
  expiresAt: number;
}

export interface MemberCache<T> {
  /** The value kept under this key (a session key, a member id), if kept and not expired. */
  get(key: string): T | undefined;
  /** Read before reading the database; pass it to `set`. */
  generation(): number;
  /**
   * Keep a value read from the database, for the member it belongs to. Ignored unless the cache is
   * listening and nothing changed since `generation` was read (the read may have seen the state
   * before a change whose announcement came in the meantime).
   */
  set(key: string, entry: { userId: string; expiresAt: Date; value: T }, generation: number): void;
  /** A change was announced for this member ('' for everyone). */
  forget(userId: string): void;
  /** Start keeping values: changes are now announced to `forget`. */
  activate(): void;
  readonly size: number;
}

export function createMemberCache<T>(options: { maxEntries?: number; now?: () => number } = {}): MemberCache<T> {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const byKey = new Map<string, Entry<T>>();
  const byUser = new Map<string, Set<string>>();
  let active = false;
  let changes = 0;

  function remove(key: string) {
    const entry = byKey.get(key);
    if (!entry) return;
    byKey.delete(key);
    const keys = byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.userId);
  }

  return {
    get(key) {
      const entry = byKey.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    generation: () => changes,
    set(key, { userId, expiresAt, value }, generation) {
      if (!active || generation !== changes) return;
      remove(key);
      if (byKey.size >= maxEntries) {
        const oldest = byKey.keys().next();
        if (!oldest.done) remove(oldest.value);
      }
      byKey.set(key, { value, userId, expiresAt: expiresAt.getTime() });
      const keys = byUser.get(userId);
      if (keys) keys.add(key);
      else byUser.set(userId, new Set([key]));
    },
    forget(userId) {
      changes += 1;
      if (userId === "") {
        byKey.clear();
        byUser.clear();
        return;
      }
      for (const key of byUser.get(userId) ?? []) byKey.delete(key);
      byUser.delete(userId);
    },
    activate() {
      active = true;
    },
    get size() {
      return byKey.size;
    },
  };
}
