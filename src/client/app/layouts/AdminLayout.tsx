import { Logo } from "@client/components/brand/Logo";
import { Button } from "@client/components/ui/Button";
import { SkipLink } from "@client/components/ui/SkipLink";
import { FullScreenLoading } from "@client/components/ui/Spinner";
import { ToastProvider } from "@client/components/ui/Toast";
import { ADMIN_SECTIONS } from "@client/features/admin/sections";
import { cn } from "@client/lib/cn";
import { queryClient } from "@client/lib/query";
import { useSession } from "@client/lib/session";
import { QueryClientProvider } from "@tanstack/react-query";
import { LogOut, Menu, X } from "lucide-react";
import { Suspense, useState } from "react";
import { Link, Outlet, useNavigate, useSearchParams } from "react-router";
import { PATHS } from "../paths";

/** The administrators' area: header, the five-section menu (a menu button under 1024 px), content. */
export function AdminLayout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = params.get("section") ?? "overview";

  const logout = async () => {
    await signOut();
    navigate(PATHS.welcome, { replace: true });
  };

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <div className="min-h-dvh bg-slate-50">
          <SkipLink />
          <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
            <div className="flex h-16 items-center gap-3 px-4">
              <Button
                variant="ghost"
                size="icon"
                className="lg:hidden"
                aria-label={menuOpen ? "Close menu" : "Open menu"}
                aria-expanded={menuOpen}
                aria-controls="admin-menu"
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
              </Button>
              <Link to={PATHS.adminDashboard} className="rounded-md" aria-label="LawGuide admin home">
                <Logo />
              </Link>
              <p className="hidden text-lg font-semibold text-slate-700 sm:block">Admin Dashboard</p>
              <div className="ml-auto flex items-center gap-3">
                <div className="hidden text-right sm:block">
                  <p className="text-sm font-semibold text-slate-900">
                    {[user?.firstName, user?.lastName].filter(Boolean).join(" ") || user?.email}
                  </p>
                  <p className="text-xs text-slate-600">Administrator</p>
                </div>
                <Button variant="secondary" size="sm" onClick={logout} icon={<LogOut className="size-4" aria-hidden />}>
                  Logout
                </Button>
              </div>
            </div>
          </header>
          <div className="flex">
            <nav
              id="admin-menu"
              aria-label="Admin sections"
              className={cn(
                "w-64 shrink-0 border-r border-slate-200 bg-white p-3 lg:sticky lg:top-16 lg:block lg:h-[calc(100dvh-4rem)]",
                menuOpen ? "fixed inset-y-16 left-0 z-20 block shadow-[var(--shadow-dialog)]" : "hidden",
              )}
            >
              <ul className="space-y-1">
                {ADMIN_SECTIONS.map(({ id, label, Icon }) => (
                  <li key={id}>
                    <Link
                      to={`${PATHS.adminDashboard}?section=${id}`}
                      aria-current={current === id ? "page" : undefined}
                      onClick={() => setMenuOpen(false)}
                      className={cn(
                        "flex min-h-11 items-center gap-3 rounded-[var(--radius-control)] px-3 text-sm font-semibold",
                        current === id ? "bg-primary-100 text-primary-950" : "text-slate-700 hover:bg-slate-100",
                      )}
                    >
                      <Icon className="size-5" aria-hidden />
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6">
              <Suspense fallback={<FullScreenLoading text="Loading admin dashboard..." />}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
      </ToastProvider>
    </QueryClientProvider>
  );
}
