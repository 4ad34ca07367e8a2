import { FullScreenLoading } from "@client/components/ui/Spinner";
import { MaintenanceGate } from "@client/features/site/MaintenanceGate";
import { usePublicSettings } from "@client/lib/public-settings";
import { useSession } from "@client/lib/session";
import { LAYOUT_PATHS, PAGES, type PageEntry, type PageLayout, type PageName } from "@shared/pages";
import { DEFAULT_SITE, pageTitle } from "@shared/site";
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from "react";
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { RequireAuth } from "./guards";
import { PATHS } from "./paths";
import { RouteErrorBoundary } from "./RouteError";
import { FullPageRedirect, LegacyCaseRedirect, RootRedirect } from "./redirects";
import { type RouteHandle, RouteHandleContext } from "./route-handle";

/** Loaders of the lazy pages, so a prerendered page's code can be fetched before it is taken over. */
const preloaders = new WeakMap<object, () => Promise<unknown>>();

/** A lazy page's component: once its code is here, and through React.lazy. */
interface PageCode {
  loaded(): ComponentType | undefined;
  Lazy: ComponentType;
}

/**
 * A page whose code is already here (preloaded: see preloadPath) is drawn at once. Through
 * React.lazy it would suspend once even then and show the loading screen, and React reveals what
 * follows a fallback no sooner than 300 ms after it. Chosen once per mount.
 */
function Page({ code }: { code: PageCode }) {
  const [Shown] = useState<ComponentType>(() => code.loaded() ?? code.Lazy);
  return <Shown />;
}

/**
 * Pages loaded when first visited, each its own chunk: `loaders` by the name each module exports its
 * page under. Gives the function making the element that shows one of them.
 */
function lazyPages<T extends { [K in keyof T]: () => Promise<Record<K, ComponentType>> }>(loaders: T) {
  return <N extends keyof T & string>(name: N) => {
    const load: () => Promise<Record<N, ComponentType>> = loaders[name];
    let loading: Promise<Record<N, ComponentType>> | undefined;
    let loaded: ComponentType | undefined;
    const get = () => {
      loading ??= load().then((module) => {
        loaded = module[name];
        return module;
      });
      return loading;
    };
    const code: PageCode = {
      loaded: () => loaded,
      Lazy: lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await get())[name] })),
    };
    // Keyed by page: another page in the same place is a new mount, never this one redrawn.
    const element = <Page key={name} code={code} />;
    preloaders.set(element, get);
    return element;
  };
}

const LAYOUTS = {
  AdminLayout: () => import("./layouts/AdminLayout"),
  DashboardLayout: () => import("./layouts/DashboardLayout"),
};

/** Every page of the pages' table, by the name its module exports it under. */
const PAGE_LOADERS: { [N in PageName]: () => Promise<Record<N, ComponentType>> } = {
  LoginPage: () => import("@client/features/account/LoginPage"),
  RegisterPage: () => import("@client/features/account/RegisterPage"),
  ForgotPasswordPage: () => import("@client/features/account/ForgotPasswordPage"),
  ResetPasswordPage: () => import("@client/features/account/ResetPasswordPage"),
  VerifyEmailPage: () => import("@client/features/account/VerifyEmailPage"),
  CheckoutSuccessPage: () => import("@client/features/billing/CheckoutSuccessPage"),
  CheckoutDemoPage: () => import("@client/features/billing/CheckoutDemoPage"),
  CheckoutCancelPage: () => import("@client/features/billing/CheckoutCancelPage"),
  StatusPage: () => import("@client/features/health/StatusPage"),
  DebugPage: () => import("@client/features/health/DebugPage"),
  TermsPage: () => import("@client/features/legal/TermsPage"),
  PrivacyPage: () => import("@client/features/legal/PrivacyPage"),
  AdminDashboardPage: () => import("@client/features/admin/AdminDashboardPage"),
  DashboardHomePage: () => import("@client/features/cases/DashboardHomePage"),
  CasesPage: () => import("@client/features/cases/CasesPage"),
  CaseChatPage: () => import("@client/features/cases/CaseChatPage"),
  DocumentCenterPage: () => import("@client/features/documents/DocumentCenterPage"),
  PremiumPage: () => import("@client/features/billing/PremiumPage"),
  ProfileRoute: () => import("./pages/ProfileRoute"),
  HelpPage: () => import("@client/features/help/HelpPage"),
};

const page = lazyPages({ ...LAYOUTS, ...PAGE_LOADERS });

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

/** The route showing the page `name` (its path relative to `under`, its layout's path). */
function pageRoute(name: PageName, under = ""): RouteObject {
  const entry: PageEntry = PAGES[name];
  const handle: RouteHandle = { title: entry.title, ...(entry.fullHeight ? { fullHeight: true } : {}) };
  return { path: entry.path.slice(under ? under.length + 1 : 0), handle, element: page(name) };
}

const NAMES = Object.keys(PAGES) as PageName[];
const pagesIn = (layout: PageLayout | undefined) =>
  NAMES.filter((name) => (PAGES[name] as PageEntry).layout === layout);
const layoutRoutes = (layout: PageLayout) => pagesIn(layout).map((name) => pageRoute(name, LAYOUT_PATHS[layout]));
const ownPages = pagesIn(undefined);

/** The route table of spec section 2 (its pages: src/shared/pages.ts). */
export const routes: RouteObject[] = [
  { path: PATHS.root, element: <RootRedirect /> },
  // The landing page has its own entry (welcome.html); from inside the app it is a full page load.
  { path: PATHS.welcome, element: <FullPageRedirect to={PATHS.welcome} /> },
  ...ownPages.filter((name) => !(PAGES[name] as PageEntry).signedIn).map((name) => pageRoute(name)),
  {
    element: <RequireAuth />,
    children: ownPages.filter((name) => (PAGES[name] as PageEntry).signedIn).map((name) => pageRoute(name)),
  },
  {
    element: <RequireAuth admin />,
    children: [
      {
        path: LAYOUT_PATHS.admin,
        element: page("AdminLayout"),
        children: [{ index: true, element: <Navigate to={PATHS.adminDashboard} replace /> }, ...layoutRoutes("admin")],
      },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        path: LAYOUT_PATHS.dashboard,
        element: page("DashboardLayout"),
        children: [
          { index: true, element: <Navigate to={PATHS.cases} replace /> },
          ...layoutRoutes("dashboard"),
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
