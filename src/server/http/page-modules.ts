/**
 * Which source modules each page of the web client needs (the lazy chunks of src/client/app/router.tsx).
 * The server preloads them with the HTML, so a page's own code downloads alongside the app's
 * entry instead of after it. A test checks that every module named here is in the build.
 */
/** The app itself, loaded by the tiny entry (src/client/boot.ts). */
export const APP_MODULE = "src/client/app-main.tsx";

const LAYOUT = "src/client/app/layouts/DashboardLayout.tsx";
const ADMIN_LAYOUT = "src/client/app/layouts/AdminLayout.tsx";

export const PAGE_MODULES: Array<{ path: RegExp; modules: string[]; signedIn?: boolean }> = [
  { path: /^\/login$/, modules: ["src/client/features/account/LoginPage.tsx"] },
  { path: /^\/register$/, modules: ["src/client/features/account/RegisterPage.tsx"] },
  { path: /^\/forgot-password$/, modules: ["src/client/features/account/ForgotPasswordPage.tsx"] },
  { path: /^\/reset-password$/, modules: ["src/client/features/account/ResetPasswordPage.tsx"] },
  { path: /^\/terms$/, modules: ["src/client/features/legal/TermsPage.tsx"] },
  { path: /^\/privacy$/, modules: ["src/client/features/legal/PrivacyPage.tsx"] },
  { path: /^\/status$/, modules: ["src/client/features/health/StatusPage.tsx"] },
  { path: /^\/debug$/, modules: ["src/client/features/health/DebugPage.tsx"] },
  { path: /^\/checkout\/success$/, modules: ["src/client/features/billing/CheckoutSuccessPage.tsx"] },
  { path: /^\/checkout\/cancel$/, modules: ["src/client/features/billing/CheckoutCancelPage.tsx"] },
  {
    path: /^\/checkout\/demo\/[^/]+$/,
    modules: ["src/client/features/billing/CheckoutDemoPage.tsx"],
    signedIn: true,
  },
  { path: /^\/dashboard\/home$/, modules: [LAYOUT, "src/client/features/cases/DashboardHomePage.tsx"], signedIn: true },
  { path: /^\/dashboard(\/cases)?$/, modules: [LAYOUT, "src/client/features/cases/CasesPage.tsx"], signedIn: true },
  {
    path: /^\/dashboard\/case\/[^/]+$/,
    modules: [LAYOUT, "src/client/features/cases/CaseChatPage.tsx"],
    signedIn: true,
  },
  {
    path: /^\/dashboard\/create$/,
    modules: [LAYOUT, "src/client/features/documents/DocumentCenterPage.tsx"],
    signedIn: true,
  },
  { path: /^\/dashboard\/premium$/, modules: [LAYOUT, "src/client/features/billing/PremiumPage.tsx"], signedIn: true },
  { path: /^\/dashboard\/profile$/, modules: [LAYOUT, "src/client/app/pages/ProfileRoute.tsx"], signedIn: true },
  { path: /^\/dashboard\/help$/, modules: [LAYOUT, "src/client/features/help/HelpPage.tsx"], signedIn: true },
  {
    path: /^\/admin(\/dashboard)?$/,
    modules: [ADMIN_LAYOUT, "src/client/features/admin/AdminDashboardPage.tsx"],
    signedIn: true,
  },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The chunk files of `modules` and everything they import statically (the entry excluded). */
export function chunkFiles(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === "index.html" || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files];
}
