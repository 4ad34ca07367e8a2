/**
 * The pages of the web client (spec section 2), in one place: where each is, its title, the module
 * that draws it (below src/client/), and the layout it sits in. The browser's router
 * (src/client/app/router.tsx) builds its routes from this table, and the server
 * (src/server/http/page-modules.ts) preloads each page's code with its HTML from it.
 */
export type PageLayout = "dashboard" | "admin";

export interface PageEntry {
  /** A react-router path (`:id` for one segment). */
  path: string;
  /** The document title ('Sign In · LawGuide'). */
  title: string;
  /** The module below src/client/ that exports the page under the entry's name. */
  module: string;
  /** The signed-in layout it is drawn in (none: a page of its own). */
  layout?: PageLayout;
  /** Only for a signed-in visitor, without a layout (the demo checkout). */
  signedIn?: boolean;
  /** The page fills the window's height (the chat). */
  fullHeight?: boolean;
  /** Other paths that show this page (a layout's index). */
  alsoAt?: string[];
  /** Rendered into HTML at build time: a public page whose first render depends on the path alone. */
  prerendered?: boolean;
  /** Still shown during maintenance (signing in, getting back into an account, the status). */
  openDuringMaintenance?: boolean;
}

export const LAYOUT_MODULES: Record<PageLayout, string> = {
  dashboard: "app/layouts/DashboardLayout",
  admin: "app/layouts/AdminLayout",
};

export const PAGES = {
  LoginPage: {
    path: "/login",
    title: "Sign In",
    module: "features/account/LoginPage",
    prerendered: true,
    openDuringMaintenance: true,
  },
  RegisterPage: {
    path: "/register",
    title: "Create Account",
    module: "features/account/RegisterPage",
    prerendered: true,
  },
  ForgotPasswordPage: {
    path: "/forgot-password",
    title: "Reset Password",
    module: "features/account/ForgotPasswordPage",
    prerendered: true,
    openDuringMaintenance: true,
  },
  VerifyEmailPage: {
    path: "/verify-email",
    title: "Verify Your Email",
    module: "features/account/VerifyEmailPage",
  },
  ResetPasswordPage: {
    path: "/reset-password",
    title: "Choose a New Password",
    module: "features/account/ResetPasswordPage",
    openDuringMaintenance: true,
  },
  CheckoutSuccessPage: {
    path: "/checkout/success",
    title: "Subscription",
    module: "features/billing/CheckoutSuccessPage",
  },
  CheckoutDemoPage: {
    path: "/checkout/demo/:sessionId",
    title: "Checkout",
    module: "features/billing/CheckoutDemoPage",
    signedIn: true,
  },
  CheckoutCancelPage: {
    path: "/checkout/cancel",
    title: "Checkout Cancelled",
    module: "features/billing/CheckoutCancelPage",
    prerendered: true,
  },
  StatusPage: {
    path: "/status",
    title: "System Status",
    module: "features/health/StatusPage",
    prerendered: true,
    openDuringMaintenance: true,
  },
  DebugPage: { path: "/debug", title: "Debug Console", module: "features/health/DebugPage", prerendered: true },
  TermsPage: { path: "/terms", title: "Terms of Service", module: "features/legal/TermsPage", prerendered: true },
  PrivacyPage: { path: "/privacy", title: "Privacy Policy", module: "features/legal/PrivacyPage", prerendered: true },
  AdminDashboardPage: {
    path: "/admin/dashboard",
    title: "Admin Dashboard",
    module: "features/admin/AdminDashboardPage",
    layout: "admin",
    alsoAt: ["/admin"],
  },
  DashboardHomePage: {
    path: "/dashboard/home",
    title: "Home",
    module: "features/cases/DashboardHomePage",
    layout: "dashboard",
  },
  CasesPage: {
    path: "/dashboard/cases",
    title: "Legal Chats",
    module: "features/cases/CasesPage",
    layout: "dashboard",
    alsoAt: ["/dashboard"],
  },
  CaseChatPage: {
    path: "/dashboard/case/:id",
    title: "Case",
    module: "features/cases/CaseChatPage",
    layout: "dashboard",
    fullHeight: true,
  },
  DocumentCenterPage: {
    path: "/dashboard/create",
    title: "Document Center",
    module: "features/documents/DocumentCenterPage",
    layout: "dashboard",
  },
  PremiumPage: {
    path: "/dashboard/premium",
    title: "Premium",
    module: "features/billing/PremiumPage",
    layout: "dashboard",
  },
  ProfileRoute: { path: "/dashboard/profile", title: "Profile", module: "app/pages/ProfileRoute", layout: "dashboard" },
  HelpPage: { path: "/dashboard/help", title: "Help & Support", module: "features/help/HelpPage", layout: "dashboard" },
} as const satisfies Record<string, PageEntry>;

export type PageName = keyof typeof PAGES;

const pathsWhere = (test: (page: PageEntry) => boolean) =>
  Object.values(PAGES as Record<string, PageEntry>)
    .filter(test)
    .map((page) => page.path);

/** The public pages rendered into HTML at build time. */
export const PRERENDERED_PATHS = pathsWhere((page) => Boolean(page.prerendered));
/** The pages still shown during maintenance. */
export const OPEN_DURING_MAINTENANCE = pathsWhere((page) => Boolean(page.openDuringMaintenance));

/** Where each layout's pages live ('/dashboard'), the first segment of their paths. */
export const LAYOUT_PATHS: Record<PageLayout, string> = { dashboard: "/dashboard", admin: "/admin" };
