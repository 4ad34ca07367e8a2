import { FullScreenLoading } from "@client/components/ui/Spinner";
import { apiFetch } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { MAINTENANCE_TEXT } from "@shared/messages";
/** Pages visitors still reach during maintenance, so that an administrator can sign in. */
import { OPEN_DURING_MAINTENANCE } from "@shared/pages";
import type { SessionUser } from "@shared/session";
import { type ReactNode, useEffect, useState } from "react";
import { MaintenancePage } from "./MaintenancePage";

/** Whether the signed-in person is an administrator, asked only when `ask` (the landing page has no session). */
function useIsAdmin(ask: boolean): boolean | null {
  const [isAdmin, setIsAdmin] = useState<boolean | null>(null);
  useEffect(() => {
    if (!ask) return;
    let alive = true;
    apiFetch<{ user: SessionUser | null }>("/api/me")
      .then((body) => alive && setIsAdmin(Boolean(body.user?.isAdmin)))
      .catch(() => alive && setIsAdmin(false));
    return () => {
      alive = false;
    };
  }, [ask]);
  return isAdmin;
}

function Banner({ children }: { children: ReactNode }) {
  return (
    <aside
      aria-label="Maintenance"
      className="border-b border-premium-300 bg-premium-100 px-4 py-2 text-center text-sm text-premium-900"
    >
      <p role="status">{children}</p>
    </aside>
  );
}

/** Who is signed in, as the app knows it. */
export interface GateSession {
  loading: boolean;
  user: { isAdmin: boolean } | null;
}

/**
 * Maintenance mode in the browser (the API refuses the same people with 503): visitors and
 * members see the maintenance page instead of `children`, except on the sign-in pages, which say
 * that only administrators get in; administrators see everything, under a banner reminding them.
 * Until the settings have arrived the page is shown as usual (the prerendered HTML stays valid).
 *
 * Without `session` (the landing page has none) the gate asks the server who is signed in, and
 * only while maintenance is on.
 */
export function MaintenanceGate({
  path,
  session,
  children,
}: {
  path: string;
  session?: GateSession;
  children: ReactNode;
}) {
  const settings = usePublicSettings();
  const on = settings?.maintenanceMode === true;
  const asked = useIsAdmin(on && session === undefined);
  const isAdmin = session ? (session.loading ? null : Boolean(session.user?.isAdmin)) : asked;
  const open = OPEN_DURING_MAINTENANCE.includes(path);
  let banner: ReactNode = null;
  if (settings && on) {
    if (isAdmin) {
      banner = (
        <Banner>
          {MAINTENANCE_TEXT.adminBanner}{" "}
          <a href="/admin/dashboard?section=settings" className="font-semibold underline">
            Turn it off in Settings
          </a>
        </Banner>
      );
    } else if (open) {
      banner = (
        <Banner>
          <strong>{MAINTENANCE_TEXT.title(settings.siteName)}.</strong> {MAINTENANCE_TEXT.signInNote}
        </Banner>
      );
    } else if (isAdmin === null) {
      return <FullScreenLoading />;
    } else {
      return <MaintenancePage settings={settings} signedIn={Boolean(session?.user)} />;
    }
  }
  // The page keeps its place whether a banner is shown or not: it is never drawn again from nothing.
  return (
    <>
      {banner}
      {children}
    </>
  );
}
