import { AUTH_INIT_TIMEOUT_MS } from "@shared/constants";
import type { SessionUser } from "@shared/session";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { apiFetch } from "./api";

export type SessionStatus = "loading" | "authenticated" | "anonymous";

interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  isInitialized: boolean;
  /** The member signed out in this tab (the guard then does not remember the page they were on). */
  signedOut: boolean;
  /** Ask the server who is signed in (after sign-in, sign-up or a profile change). */
  refresh(): Promise<SessionUser | null>;
  signOut(): Promise<void>;
  /** The account is gone (the member deleted it): signed out in this tab, with no call to the server. */
  forget(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

async function fetchMe(signal?: AbortSignal): Promise<SessionUser | null> {
  const body = await apiFetch<{ user: SessionUser | null }>("/api/me", signal ? { signal } : {});
  return body.user;
}

/**
 * Authentication state (spec section 4 'Auth state'): loading until the server has answered who
 * is signed in; after 10 seconds without an answer the app goes on as signed out. `ready` (the
 * first page's code, fetched meanwhile) holds the first answer back until the page can be drawn
 * with it, so it is drawn at once rather than through a loading screen.
 */
export function SessionProvider({ children, ready }: { children: ReactNode; ready?: Promise<unknown> }) {
  const [status, setStatus] = useState<SessionStatus>("loading");
  const [user, setUser] = useState<SessionUser | null>(null);
  const [signedOut, setSignedOut] = useState(false);

  const apply = useCallback((next: SessionUser | null) => {
    setUser(next);
    setStatus(next ? "authenticated" : "anonymous");
    if (next) setSignedOut(false);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    // Only the timeout's abort means "go on as signed out"; the clean-up's (an unmount, or React's
    // StrictMode running the effect twice) leaves the answer to the request that replaces it.
    let current = true;
    const timer = setTimeout(() => controller.abort(), AUTH_INIT_TIMEOUT_MS);
    fetchMe(controller.signal)
      .catch(() => null)
      .then(async (next) => {
        clearTimeout(timer);
        // Code that failed to load is the page's error boundary's to show, not a reason to wait.
        await ready?.catch(() => undefined);
        if (current) apply(next);
      })
      .finally(() => clearTimeout(timer));
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [apply, ready]);

  const refresh = useCallback(async () => {
    const next = await fetchMe().catch(() => null);
    apply(next);
    return next;
  }, [apply]);

  const forget = useCallback(() => {
    setSignedOut(true);
    apply(null);
  }, [apply]);

  const signOut = useCallback(async () => {
    try {
      await apiFetch("/api/auth/sign-out", { method: "POST", body: {} });
    } finally {
      forget();
    }
  }, [forget]);

  const value = useMemo<SessionValue>(
    () => ({
      status,
      user,
      isAuthenticated: status === "authenticated",
      isLoading: status === "loading",
      isInitialized: status !== "loading",
      signedOut,
      refresh,
      signOut,
      forget,
    }),
    [status, user, signedOut, refresh, signOut, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession needs a SessionProvider");
  return value;
}
