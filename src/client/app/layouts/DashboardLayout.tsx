import { Logo } from "@client/components/brand/Logo";
import { DropdownMenu } from "@client/components/ui/DropdownMenu";
import { SkipLink } from "@client/components/ui/SkipLink";
import { Spinner } from "@client/components/ui/Spinner";
import { ToastProvider } from "@client/components/ui/Toast";
import { UploadsProvider } from "@client/components/uploads/file-uploads";
import { PaymentDueBanner } from "@client/features/billing/PaymentDueBanner";
import { uploadsFeature } from "@client/features/uploads/uploads-feature";
import { cn } from "@client/lib/cn";
import { queryClient } from "@client/lib/query";
import { useSession } from "@client/lib/session";
import { QueryClientProvider } from "@tanstack/react-query";
import { ChevronDown, Crown, FileText, HelpCircle, LogOut, MessageSquare, User } from "lucide-react";
import { Suspense } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { PATHS } from "../paths";
import { useRouteHandle } from "../route-handle";

const TABS = [
  { to: PATHS.cases, label: "Chats", Icon: MessageSquare, also: ["/dashboard/case/", PATHS.home] },
  { to: PATHS.create, label: "Docs", Icon: FileText },
  { to: PATHS.premium, label: "Premium", Icon: Crown },
  { to: PATHS.profile, label: "Profile", Icon: User },
  { to: PATHS.help, label: "Help", Icon: HelpCircle },
] as const;

/** The member area: a slim top bar, the page, and the five-tab bottom navigation. */
export function DashboardLayout() {
  const { user } = useSession();
  const location = useLocation();
  // Pages that fill the height (the case chat) say so in their route handle.
  const { fullHeight = false } = useRouteHandle();
  const isCurrent = (tab: (typeof TABS)[number]) =>
    location.pathname === tab.to || ("also" in tab && tab.also.some((p) => location.pathname.startsWith(p)));
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <div className={cn("flex flex-col bg-slate-50", fullHeight ? "h-dvh overflow-hidden" : "min-h-dvh")}>
          <SkipLink />
          <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
            <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
              <Link to={PATHS.home} className="rounded-md" aria-label="LawGuide home">
                <Logo />
              </Link>
              {user ? <AccountMenu name={user.firstName || user.email} /> : null}
            </div>
          </header>
          <PaymentDueBanner />
          <main
            id="main"
            tabIndex={-1}
            className={cn(
              "mx-auto w-full max-w-3xl focus:outline-none",
              fullHeight
                ? // The rest of the screen under the header (and a payment banner), above the tab bar.
                  "flex min-h-0 flex-1 flex-col pb-[calc(4rem+env(safe-area-inset-bottom))]"
                : "flex-1 px-4 pt-6 pb-28",
            )}
          >
            <Suspense fallback={<PageLoading />}>
              {/* The pages that take files (the case chat, the Document Center) get the uploads feature. */}
              <UploadsProvider value={uploadsFeature}>
                <Outlet />
              </UploadsProvider>
            </Suspense>
          </main>
          <nav
            aria-label="Main"
            className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
          >
            <ul className="mx-auto grid max-w-3xl grid-cols-5">
              {TABS.map((tab) => {
                const { to, label, Icon } = tab;
                const active = isCurrent(tab);
                return (
                  <li key={to}>
                    <NavLink
                      to={to}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-semibold transition-colors",
                        active ? "text-primary-900" : "text-slate-600 hover:text-slate-900",
                      )}
                    >
                      <span className={cn("rounded-full px-4 py-1", active && "bg-primary-100")}>
                        <Icon className="size-5" aria-hidden />
                      </span>
                      {label}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** 'Signed in as {name}', opening the account's menu: Profile and Sign Out, from every page. */
function AccountMenu({ name }: { name: string }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <DropdownMenu
      label="Account"
      trigger={
        <button
          type="button"
          className="flex min-h-11 max-w-[60%] items-center gap-1 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <span className="truncate">
            Signed in as <span className="font-semibold text-slate-800">{name}</span>
          </span>
          <ChevronDown className="size-4 shrink-0" aria-hidden />
        </button>
      }
      items={[
        {
          label: "Profile",
          icon: <User className="size-4" aria-hidden />,
          onSelect: () => navigate(PATHS.profile),
        },
        {
          label: "Sign Out",
          icon: <LogOut className="size-4" aria-hidden />,
          onSelect: async () => {
            await session.signOut();
            navigate("/welcome", { replace: true });
          },
        },
      ]}
    />
  );
}

function PageLoading() {
  return (
    <div className="flex justify-center py-16 text-primary-800">
      <Spinner className="size-8" label="Loading" />
    </div>
  );
}
