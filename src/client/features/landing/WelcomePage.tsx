import { SiteFooter } from "@client/components/site/SiteFooter";
import { SiteHeader } from "@client/components/site/SiteHeader";
import { Alert } from "@client/components/ui/Alert";
import { AnchorButton, Button } from "@client/components/ui/Button";
import { FeatureList } from "@client/components/ui/FeatureList";
import { IconTile } from "@client/components/ui/IconTile";
import { SkipLink } from "@client/components/ui/SkipLink";
import { cn } from "@client/lib/cn";
import { takeLandingNotice } from "@client/lib/landing-notice";
import { usePlanSettings } from "@client/lib/public-settings";
import { useDialogState } from "@client/lib/use-dialog-state";
import { formatPrice, messageLimit, PLANS, planFeatures, trialDaysOf } from "@shared/plans";
import { ArrowRight, MessageSquare, ShieldCheck } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { FEATURES, TOPICS } from "./content";
import { HeroChat } from "./HeroChat";
import { LandingFaq } from "./LandingFaq";
import { StepList } from "./StepList";
import { Testimonials } from "./Testimonials";

// The two modals use the Radix dialog: they load on first use (or on hover or focus of their
// buttons), not with the page.
const loadHowItWorks = () => import("./HowItWorksDialog");
const loadDemo = () => import("./DemoDialog");
const HowItWorksDialog = lazy(() => loadHowItWorks().then((m) => ({ default: m.HowItWorksDialog })));
const DemoDialog = lazy(() => loadDemo().then((m) => ({ default: m.DemoDialog })));

function Section({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className={cn("scroll-mt-16 focus:outline-none", className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

/**
 * A word left for this load of the landing page (the member's account was just deleted), shown
 * once. Read after the page is taken over, so the prerendered HTML stays the same for everyone.
 */
function LandingNotice() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const kept = takeLandingNotice();
    if (kept) setText(kept);
  }, []);
  if (!text) return null;
  return (
    <div className="bg-primary-50">
      <div className="mx-auto max-w-6xl px-4 pt-6">
        <Alert tone="success">{text}</Alert>
      </div>
    </div>
  );
}

/**
 * /welcome: the public landing page. It is its own small entry (no router): `signedIn` comes
 * from the server, which knows the session when it serves the page.
 */
export function WelcomePage({ signedIn }: { signedIn: boolean }) {
  const planSettings = usePlanSettings();
  const trial = trialDaysOf("premium", planSettings);
  const startTo = signedIn ? "/dashboard/cases" : "/register";
  const startLabel = signedIn ? "Go to my legal chats" : "Get started free";
  const howItWorks = useDialogState();
  const demo = useDialogState();

  return (
    <div className="min-h-dvh bg-white">
      <SkipLink />
      <SiteHeader signedIn={signedIn} />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <LandingNotice />
        {/* Hero */}
        <section aria-labelledby="hero-title" className="bg-gradient-to-b from-primary-50 via-white to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1fr_minmax(0,32rem)] lg:pt-24 lg:pb-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-primary-800 ring-1 ring-primary-200">
                <ShieldCheck className="size-4" aria-hidden />
                Legal information, in plain words
              </p>
              <h1
                id="hero-title"
                className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-[3.25rem] lg:leading-[1.1]"
              >
                Understand your legal situation and know your next step.
              </h1>
              <p className="mt-5 max-w-xl text-lg text-slate-700">
                Ask LawGuide's AI assistant about a deposit your landlord kept, a contract you were asked to sign or a
                business you want to start. It explains the law that may apply, in plain words. It is not a lawyer, and
                it tells you when you need one.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <AnchorButton href={startTo} size="lg" icon={<ArrowRight className="order-last size-5" aria-hidden />}>
                  {startLabel}
                </AnchorButton>
                <Button
                  variant="secondary"
                  size="lg"
                  onClick={howItWorks.show}
                  onPointerEnter={() => void loadHowItWorks()}
                  onFocus={() => void loadHowItWorks()}
                >
                  See How It Works
                </Button>
              </div>
              <p className="mt-5 text-sm text-slate-600">
                Free plan, no card needed.
                {trial ? ` ${PLANS.premium.name} starts with a ${trial}-day free trial.` : ""}
              </p>
            </div>
            <HeroChat />
          </div>
        </section>

        {/* Topics */}
        <section aria-labelledby="topics-title" className="border-y border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-14">
            <h2 id="topics-title" className="text-center text-2xl font-bold tracking-tight text-slate-900">
              Help with everyday legal questions
            </h2>
            <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {TOPICS.map(({ Icon, title, text }) => (
                <li
                  key={title}
                  className="flex items-start gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4"
                >
                  <IconTile
                    icon={Icon}
                    className="rounded-[var(--radius-control)] bg-primary-50 p-2 text-primary-800"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{title}</span>
                    <span className="block text-sm text-slate-600">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <Section
          id="features"
          title="What LawGuide does"
          intro="One place to understand a legal problem, read the paperwork and prepare your next step."
        >
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ Icon, title, text }) => (
              <li
                key={title}
                className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)]"
              >
                <IconTile
                  icon={Icon}
                  className="inline-flex rounded-[var(--radius-control)] bg-primary-900 p-2.5 text-white"
                />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section
          id="how-it-works"
          title="How it works"
          intro="Three steps from a worrying situation to a clear next step."
          className="bg-slate-50"
        >
          <StepList />
          <div className="mt-10 flex justify-center">
            <Button
              variant="secondary"
              size="lg"
              icon={<MessageSquare className="size-5" aria-hidden />}
              onClick={demo.show}
              onPointerEnter={() => void loadDemo()}
              onFocus={() => void loadDemo()}
            >
              View a sample conversation
            </Button>
          </div>
        </Section>

        <Section
          id="pricing"
          title="Simple, honest pricing"
          intro="Start free. Upgrade when you need more, and cancel anytime."
        >
          <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
            {[PLANS.free, PLANS.premium].map((plan) => {
              const premium = plan.priceCents > 0;
              return (
                <li
                  key={plan.id}
                  className={cn(
                    "flex flex-col rounded-[var(--radius-dialog)] border bg-white p-6 shadow-[var(--shadow-card)] sm:p-8",
                    premium ? "border-premium-500 ring-1 ring-premium-500" : "border-slate-200",
                  )}
                >
                  <div className="flex items-center justify-between gap-3">
                    <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
                    {premium && trial ? (
                      <span className="rounded-full bg-premium-100 px-3 py-1 text-sm font-semibold text-premium-900 ring-1 ring-premium-300 ring-inset">
                        {trial}-day free trial
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-4 flex items-baseline gap-1.5">
                    <span className="text-4xl font-bold tracking-tight text-primary-950">
                      {formatPrice(plan.priceCents)}
                    </span>
                    <span className="text-slate-600">{premium ? `per ${plan.interval}` : "no card needed"}</span>
                  </p>
                  <p className="mt-3 text-slate-600">{plan.tagline}</p>
                  <FeatureList items={planFeatures(plan.id, planSettings)} size="md" className="mt-6 flex-1" />
                  <AnchorButton
                    href={premium && signedIn ? "/dashboard/premium" : startTo}
                    variant={premium ? "primary" : "secondary"}
                    className="mt-8 w-full"
                  >
                    {premium
                      ? trial
                        ? `Try Premium free for ${trial} days`
                        : "Get Premium"
                      : signedIn
                        ? "Go to my legal chats"
                        : "Register Free"}
                  </AnchorButton>
                </li>
              );
            })}
          </ul>
          <p className="mt-6 text-center text-sm text-slate-600">
            Prices in US dollars. Need a little more than Free? {PLANS.basic.name} is{" "}
            {formatPrice(PLANS.basic.priceCents)} per {PLANS.basic.interval} with {messageLimit("basic", planSettings)}{" "}
            messages per case. Cancel anytime.
          </p>
        </Section>

        <Section
          id="testimonials"
          title="Testimonials"
          intro="Quotes come from a list our team keeps up to date. Illustrative examples are labelled as such."
          className="bg-slate-50"
        >
          <Testimonials />
        </Section>

        <Section id="faq" title="Frequently asked questions">
          <div className="mx-auto max-w-3xl">
            <LandingFaq />
          </div>
        </Section>

        {/* Closing call to action */}
        <section aria-labelledby="cta-title" className="px-4 pb-16 sm:pb-24">
          <div className="mx-auto max-w-6xl rounded-[var(--radius-dialog)] bg-primary-900 px-6 py-12 text-center sm:px-12 sm:py-16">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Start with one question.
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-primary-100">
              Tell us what is going on. You will get a clear explanation and a next step, and you can talk to an
              attorney when you need one.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <AnchorButton
                href={startTo}
                size="lg"
                variant="secondary"
                className="border-white focus-visible:outline-white"
                icon={<ArrowRight className="order-last size-5" aria-hidden />}
              >
                {startLabel}
              </AnchorButton>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />

      {howItWorks.used ? (
        <Suspense fallback={null}>
          <HowItWorksDialog open={howItWorks.open} onOpenChange={howItWorks.setOpen} startTo={startTo} />
        </Suspense>
      ) : null}
      {demo.used ? (
        <Suspense fallback={null}>
          <DemoDialog open={demo.open} onOpenChange={demo.setOpen} startTo={startTo} />
        </Suspense>
      ) : null}
    </div>
  );
}
