import { SiteFooter } from "@client/components/site/SiteFooter";
import { SiteHeader } from "@client/components/site/SiteHeader";
import { SkipLink } from "@client/components/ui/SkipLink";
import { LoadingState } from "@client/components/ui/Spinner";
import { useSession } from "@client/lib/session";
import type { ReactNode } from "react";

/**
 * The frame of the checkout pages (the demo checkout, payment success, checkout cancelled): the
 * public site's header and footer, as on the landing page, around one narrow column.
 */
export function CheckoutLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <SiteHeader signedIn={session.isLoading ? null : Boolean(session.user)} home="/welcome" />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-6xl flex-1 justify-center px-4 pt-6 pb-16 focus:outline-none sm:pt-12"
      >
        <div className="w-full max-w-md space-y-4">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A checkout page still loading: the spinner and its text in the page, under the header. */
export function CheckoutLoading({ text }: { text: string }) {
  return <LoadingState text={text} className="py-16" />;
}
