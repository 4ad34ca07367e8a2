import { FullScreenLoading } from "@client/components/ui/Spinner";
import { MaintenanceGate } from "@client/features/site/MaintenanceGate";
import { usePublicSettings } from "@client/lib/public-settings";
import { useSession } from "@client/lib/session";
import { DEFAULT_SITE, pageTitle } from "@shared/site";
import { type ComponentType, lazy, Suspense, useEffect, useMemo } from "react";
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { RequireAuth } from "./guards";
import { PATHS } from "./paths";
import { RouteErrorBoundary } from "./RouteError";
import { FullPageRedirect, LegacyCaseRedirect, RootRedirect } from "./redirects";
import { type RouteHandle, RouteHandleContext } from "./route-handle";

/** Loaders of the lazy pages, so a prerendered page's code can be fetched before it is taken over. */
const preloaders = new WeakMap<object, () => Promise<unknown>>();

/** A page loaded when first visited: each is its own chunk. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loading: Promise<Record<K, ComponentType>> | undefined;
  const get = () => {
    loading ??= load();
    return loading;
  };
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await get())[name] }));
  const element = <Page />;
  preloaders.set(element, get);
  return element;
}

/**
 * Load the code of every page a path shows. A prerendered page must have it before React takes
 * the page over: otherwise an early update (the session arriving) makes React draw the page again
 * from nothing, losing what the visitor has already typed.
 */
export async function preloadPath(path: string): Promise<void> {
  const loads = (matchRoutes(routes, path) ?? []).flatMap((m) => {
    const element = m.route.element;
    const preload = typeof element === "object" && element !== null ? preloaders.get(element) : undefined;
    return preload ? [preload()] : [];
  });
  await Promise.all(loads);
}

const legacy = (from: string, to: string): RouteObject => ({ path: from, element: <Navigate to={to} replace /> });
const titled = (handle: RouteHandle, route: RouteObject): RouteObject => ({ ...route, handle });

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  { path: PATHS.root, element: <RootRedirect /> },
  // The landing page has its own entry (welcome.html); from inside the app it is a full page load.
  { path: PATHS.welcome, element: <FullPageRedirect to={PATHS.welcome} /> },
  titled(
    { title: "Sign In" },
    { path: PATHS.login, element: page(() => import("@client/features/account/LoginPage"), "LoginPage") },
  ),
  titled(
    { title: "Create Account" },
    { path: PATHS.register, element: page(() => import("@client/features/account/RegisterPage"), "RegisterPage") },
  ),
  titled(
    { title: "Reset Password" },
    {
      path: PATHS.forgotPassword,
      element: page(() => import("@client/features/account/ForgotPasswordPage"), "ForgotPasswordPage"),
    },
  ),
  titled(
    { title: "Choose a New Password" },
    {
      path: PATHS.resetPassword,
      element: page(() => import("@client/features/account/ResetPasswordPage"), "ResetPasswordPage"),
    },
  ),
  titled(
    { title: "Subscription" },
    {
      path: PATHS.checkoutSuccess,
      element: page(() => import("@client/features/billing/CheckoutSuccessPage"), "CheckoutSuccessPage"),
    },
  ),
  {
    element: <RequireAuth />,
    children: [
      titled(
        { title: "Checkout" },
        {
          path: PATHS.checkoutDemo,
          element: page(() => import("@client/features/billing/CheckoutDemoPage"), "CheckoutDemoPage"),
        },
      ),
    ],
  },
  titled(
    { title: "Checkout Cancelled" },
    {
      path: PATHS.checkoutCancel,
      element: page(() => import("@client/features/billing/CheckoutCancelPage"), "CheckoutCancelPage"),
    },
  ),
  titled(
    { title: "System Status" },
    { path: PATHS.status, element: page(() => import("@client/features/health/StatusPage"), "StatusPage") },
  ),
  titled(
    { title: "Debug Console" },
    { path: PATHS.debug, element: page(() => import("@client/features/health/DebugPage"), "DebugPage") },
  ),
  titled(
    { title: "Terms of Service" },
    { path: "/terms", element: page(() => import("@client/features/legal/TermsPage"), "TermsPage") },
  ),
  titled(
    { title: "Privacy Policy" },
    { path: "/privacy", element: page(() => import("@client/features/legal/PrivacyPage"), "PrivacyPage") },
  ),
  {
    element: <RequireAuth admin />,
    children: [
      {
        path: "/admin",
        element: page(() => import("./layouts/AdminLayout"), "AdminLayout"),
        children: [
          { index: true, element: <Navigate to={PATHS.adminDashboard} replace /> },
          titled(
            { title: "Admin Dashboard" },
            {
              path: "dashboard",
              element: page(() => import("@client/features/admin/AdminDashboardPage"), "AdminDashboardPage"),
            },
          ),
        ],
      },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        path: PATHS.dashboard,
        element: page(() => import("./layouts/DashboardLayout"), "DashboardLayout"),
        children: [
          { index: true, element: <Navigate to={PATHS.cases} replace /> },
          titled(
            { title: "Home" },
            {
              path: "home",
              element: page(() => import("@client/features/cases/DashboardHomePage"), "DashboardHomePage"),
            },
          ),
          titled(
            { title: "Legal Chats" },
            { path: "cases", element: page(() => import("@client/features/cases/CasesPage"), "CasesPage") },
          ),
          titled(
            { title: "Case", fullHeight: true },
            { path: "case/:id", element: page(() => import("@client/features/cases/CaseChatPage"), "CaseChatPage") },
          ),
          titled(
            { title: "Document Center" },
            {
              path: "create",
              element: page(() => import("@client/features/documents/DocumentCenterPage"), "DocumentCenterPage"),
            },
          ),
          titled(
            { title: "Premium" },
            { path: "premium", element: page(() => import("@client/features/billing/PremiumPage"), "PremiumPage") },
          ),
          titled(
            { title: "Profile" },
            { path: "profile", element: page(() => import("./pages/ProfileRoute"), "ProfileRoute") },
          ),
          titled(
            { title: "Help & Support" },
            { path: "help", element: page(() => import("@client/features/help/HelpPage"), "HelpPage") },
          ),
          { path: "*", element: <Navigate to={PATHS.cases} replace /> },
        ],
      },
    ],
  },
  legacy("/cases", PATHS.cases),
  legacy("/create", PATHS.create),
  legacy("/profile", PATHS.profile),
  legacy("/help", PATHS.help),
  legacy("/premium", PATHS.premium),
  { path: "/case/*", element: <LegacyCaseRedirect /> },
  { path: "*", element: <Navigate to={PATHS.welcome} replace /> },
];

/** The matched routes' handle (deepest wins), the document title, and scroll to top on a new page. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  const handle = useMemo<RouteHandle>(() => {
    const matches = matchRoutes(routes, location) ?? [];
    const merged: RouteHandle = {};
    for (const m of matches) Object.assign(merged, m.route.handle as RouteHandle | undefined);
    return merged;
  }, [location]);

  const session = useSession();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) starts at the top
  useEffect(() => {
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  return (
    <RouteHandleContext.Provider value={handle}>
      <MaintenanceGate path={location.pathname} session={{ loading: session.isLoading, user: session.user }}>
        <PageTitle page={handle.title} />
        <RouteErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<FullScreenLoading />}>{element}</Suspense>
        </RouteErrorBoundary>
      </MaintenanceGate>
    </RouteHandleContext.Provider>
  );
}

/**
 * The document title of the page shown: rendered inside the maintenance gate, so that while the
 * maintenance page stands in for the route, its own title is the only one set.
 */
function PageTitle({ page }: { page: string | undefined }) {
  const site = usePublicSettings() ?? DEFAULT_SITE;
  useEffect(() => {
    document.title = pageTitle(site, page);
  }, [page, site]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
