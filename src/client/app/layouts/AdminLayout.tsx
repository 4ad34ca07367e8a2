import { LogoMark } from "@client/components/brand/Logo";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";
import { SkipLink } from "@client/components/ui/SkipLink";
import { FullScreenLoading } from "@client/components/ui/Spinner";
import { ToastProvider } from "@client/components/ui/Toast";
import { TwoFactorSetup } from "@client/features/account/TwoFactorSetup";
import { ADMIN_SECTIONS } from "@client/features/admin/sections";
import { cn } from "@client/lib/cn";
import { usePublicSettings } from "@client/lib/public-settings";
import { queryClient } from "@client/lib/query";
import { useSession } from "@client/lib/session";
import { QueryClientProvider } from "@tanstack/react-query";
import { LogOut, Menu, X } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, Outlet, useNavigate, useSearchParams } from "react-router";
import { PATHS } from "../paths";

/**
 * The administrators' area: the header (logo, 'Admin Dashboard', the admin's name, 'Administrator',
 * logout), the section menu (behind a menu button under 1024 px: Escape or a click outside closes
 * it and hands focus back to the button), and the content, which takes the focus when the section
 * changes so keyboard and screen reader users start at its heading.
 */
export function AdminLayout() {
  const { user, signOut } = useSession();
  const settings = usePublicSettings();
  // While two-factor sign-in is offered, an administrator sets it up before the dashboard opens
  // (the server refuses the admin API until then).
  const mustEnrol = Boolean(settings?.enableTwoFactor && user && !user.twoFactorEnabled);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = params.get("section") ?? "overview";
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);
  const shownSection = useRef(current);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || user?.email;

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  // A new section: the menu closes and the content takes the focus.
  useEffect(() => {
    if (shownSection.current === current) return;
    shownSection.current = current;
    setMenuOpen(false);
    main.current?.focus({ preventScroll: false });
  }, [current]);

  // The open menu: focus on its current entry; Escape closes it.
  useEffect(() => {
    if (!menuOpen) return;
    menu.current?.querySelector<HTMLElement>('[aria-current="page"], a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeMenu(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen, closeMenu]);

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
            <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4">
              <Button
                ref={menuButton}
                variant="ghost"
                size="icon"
                className="lg:hidden"
                aria-label={menuOpen ? "Close menu" : "Open menu"}
                aria-expanded={menuOpen}
                aria-controls="admin-menu"
                onClick={() => (menuOpen ? closeMenu(false) : setMenuOpen(true))}
              >
                {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
              </Button>
              <Link
                to={PATHS.adminDashboard}
                className="flex shrink-0 items-center gap-2 rounded-md font-bold text-primary-950"
                aria-label="LawGuide admin home"
              >
                <LogoMark />
                <span className="hidden text-lg tracking-tight sm:inline">LawGuide</span>
              </Link>
              <p className="min-w-0 truncate text-base font-semibold text-slate-700 sm:text-lg">Admin Dashboard</p>
              <div className="ml-auto flex shrink-0 items-center gap-3">
                <div className="hidden text-right md:block">
                  <p className="text-sm font-semibold text-slate-900">{name}</p>
                  <p className="text-xs text-slate-600">Administrator</p>
                </div>
                <Button variant="secondary" size="sm" onClick={logout} icon={LogOut} className="h-11 sm:h-9">
                  <span className="sr-only sm:not-sr-only">Logout</span>
                </Button>
              </div>
            </div>
          </header>
          <div className="flex">
            {menuOpen ? (
              <div
                aria-hidden
                className="fixed inset-x-0 top-16 bottom-0 z-20 bg-slate-900/30 lg:hidden"
                onClick={() => closeMenu(true)}
              />
            ) : null}
            <nav
              ref={menu}
              id="admin-menu"
              aria-label="Admin sections"
              className={cn(
                "w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white p-3",
                "lg:sticky lg:top-16 lg:z-auto lg:block lg:h-[calc(100dvh-4rem)] lg:shadow-none",
                menuOpen ? "fixed top-16 bottom-0 left-0 z-20 block shadow-[var(--shadow-dialog)]" : "hidden",
              )}
            >
              <div className="mb-3 border-b border-slate-200 px-3 pb-3 md:hidden">
                <p className="text-sm font-semibold break-words text-slate-900">{name}</p>
                <p className="text-xs text-slate-600">Administrator</p>
              </div>
              <ul className="space-y-1">
                {ADMIN_SECTIONS.map(({ id, label, Icon }) => (
                  <li key={id}>
                    <Link
                      to={`${PATHS.adminDashboard}?section=${id}`}
                      aria-current={current === id ? "page" : undefined}
                      onClick={() => {
                        // The same section again: nothing changes but the menu closes, focus to the content.
                        if (current === id) {
                          setMenuOpen(false);
                          main.current?.focus();
                        }
                      }}
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
            <main ref={main} id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6">
              {mustEnrol ? (
                <div className="mx-auto max-w-xl">
                  <PageHeader
                    title="Set up two-factor sign-in"
                    description="This site asks administrators to sign in with a code from an authenticator app. Turn it on to open the admin dashboard."
                  />
                  <Card>
                    <TwoFactorSetup heading="Your two-factor sign-in" />
                  </Card>
                </div>
              ) : (
                <Suspense fallback={<FullScreenLoading text="Loading admin dashboard..." />}>
                  <Outlet />
                </Suspense>
              )}
            </main>
          </div>
        </div>
      </ToastProvider>
    </QueryClientProvider>
  );
}
