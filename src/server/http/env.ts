import type { SessionUser } from "@shared/session";

/** What a request carries through the middleware chain. */
export interface AuthedUser {
  id: string;
  email: string;
  role: string;
  sessionId: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string | null;
    /** Made on demand by `cspNonce(c)` (http/security.ts) for a page with <style> tags. */
    cspNonce: string | undefined;
    /** undefined until a guard has looked the session up; null when there is none. */
    authUser: AuthedUser | null | undefined;
    sessionUser: SessionUser;
  };
}
