import { FullScreenLoading } from "@client/components/ui/Spinner";
import { useEffect } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { PATHS } from "./paths";

/** '/': a loading spinner, then the landing page. */
export function RootRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(PATHS.welcome, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <FullScreenLoading />;
}

/** Legacy '/case/{id}' → '/dashboard/case/{last path segment}'. */
export function LegacyCaseRedirect() {
  const params = useParams();
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  const id = segments[segments.length - 1];
  return <Navigate to={id ? PATHS.case(id) : PATHS.cases} replace />;
}

/**
 * A page served by its own entry (the landing page): leave the app with a full page load.
 * The server never answers that path with the app, so this cannot loop.
 */
export function FullPageRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <FullScreenLoading />;
}
