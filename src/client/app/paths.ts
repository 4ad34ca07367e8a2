import { LAYOUT_PATHS, PAGES } from "@shared/pages";

/** Every route of the route table (spec section 2); the pages' own from their table. */
export const PATHS = {
  root: "/",
  welcome: "/welcome",
  login: PAGES.LoginPage.path,
  register: PAGES.RegisterPage.path,
  forgotPassword: PAGES.ForgotPasswordPage.path,
  resetPassword: PAGES.ResetPasswordPage.path,
  checkoutSuccess: PAGES.CheckoutSuccessPage.path,
  checkoutCancel: PAGES.CheckoutCancelPage.path,
  checkoutDemo: PAGES.CheckoutDemoPage.path,
  status: PAGES.StatusPage.path,
  debug: PAGES.DebugPage.path,
  adminDashboard: PAGES.AdminDashboardPage.path,
  dashboard: LAYOUT_PATHS.dashboard,
  home: PAGES.DashboardHomePage.path,
  cases: PAGES.CasesPage.path,
  create: PAGES.DocumentCenterPage.path,
  premium: PAGES.PremiumPage.path,
  profile: PAGES.ProfileRoute.path,
  help: PAGES.HelpPage.path,
  case: (id: string) => PAGES.CaseChatPage.path.replace(":id", encodeURIComponent(id)),
} as const;
