import { FullScreenLoading } from "@client/components/ui/Spinner";
import { rememberReturnTo } from "@client/lib/return-to";
import { useSession } from "@client/lib/session";
import { Navigate, Outlet, useLocation } from "react-router";
import { PATHS } from "./paths";

/**
 * The route guard (spec section 2): 'Loading...' until the session is known; a visitor is sent to
 * /welcome and the page they wanted is remembered; a non-admin on an admin page goes to /welcome.
 */
export function RequireAuth({ admin = false }: { admin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <FullScreenLoading />;
  const from = `${location.pathname}${location.search}${location.hash}`;
  if (!session.user) {
    // After signing out, the next sign-in starts afresh rather than on the page left behind.
    if (!session.signedOut) rememberReturnTo(from);
    return <Navigate to={PATHS.welcome} replace state={{ from }} />;
  }
  if (admin && !session.user.isAdmin) return <Navigate to={PATHS.welcome} replace />;
  return <Outlet />;
}
