import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";
import { useSession } from "@client/lib/session";
import { EXAMPLE_CHATS, exampleCaseDescription } from "@shared/chat";
import { CalendarClock, FileText, GitCompare, MessageSquarePlus, Scale, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useUpcomingDeadlines } from "./key-dates-api";
import { NewChatButton } from "./NewChatButton";
import { useStartCase } from "./use-start-case";

const FEATURES = [
  {
    Icon: MessageSquarePlus,
    title: "Ask in your own words",
    text: "Explain what happened; the assistant explains the rules that may apply.",
  },
  { Icon: GitCompare, title: "Compare two AIs", text: "Premium members see answers from two AI models side by side." },
  { Icon: FileText, title: "Create documents", text: "Wills, leases, LLC agreements and more from guided questions." },
  { Icon: Scale, title: "Talk to an attorney", text: "Ask to be referred when you need a lawyer's advice." },
];

/** A part of the page, named by its heading, with a line saying what it holds. */
function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      {children}
    </section>
  );
}

/** The member's coming deadlines from their cases' key dates (nothing while there are none). */
function ComingDates() {
  const { data } = useUpcomingDeadlines();
  if (!data || data.length === 0) return null;
  return (
    <Section id="coming-dates" title="Coming dates" intro="Deadlines from your cases' key dates." className="mb-8">
      <ul className="mt-3 space-y-2">
        {data.map((deadline) => (
          <li key={`${deadline.keyDateId}-${deadline.day}`}>
            <Card className="flex flex-wrap items-start gap-3 p-4">
              <CalendarClock className="mt-0.5 size-5 shrink-0 text-primary-800" aria-hidden />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-semibold text-slate-900">{deadline.dayText}</p>
                <p className="text-sm break-words text-slate-700">{deadline.sentence}</p>
                <Link
                  to={`/dashboard/case/${deadline.caseId}?panel=key-dates`}
                  className="text-sm font-semibold text-primary-800 underline"
                >
                  {deadline.caseTitle}
                </Link>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** /dashboard/home: the chat landing page (spec section 2 'Dashboard home'). */
export function DashboardHomePage() {
  const { user } = useSession();
  const startCase = useStartCase();
  return (
    <>
      <PageHeader
        title={`Welcome${user?.firstName ? `, ${user.firstName}` : ""}`}
        description="What legal question can we help you understand today?"
        actions={<NewChatButton />}
      />

      <ComingDates />

      <Section id="examples" title="Start with an example" intro="Pick one and the assistant starts on it right away.">
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {EXAMPLE_CHATS.map((example) => (
            <li key={example.id}>
              <button
                type="button"
                disabled={startCase.pending}
                onClick={() => startCase.start({ title: example.title, description: exampleCaseDescription(example) })}
                className="flex h-full w-full flex-col items-start gap-1 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 text-left shadow-[var(--shadow-card)] transition-colors hover:border-primary-300 hover:bg-primary-50 disabled:opacity-60"
              >
                <span className="font-semibold text-slate-900">{example.title}</span>
                <span className="line-clamp-2 text-sm text-slate-600">{example.question}</span>
              </button>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="features" title="What you can do" className="mt-8">
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {FEATURES.map(({ Icon, title, text }) => (
            <li key={title}>
              <Card className="flex h-full gap-3 p-4">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary-800" aria-hidden />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-sm text-slate-600">{text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="sample"
        title="What a conversation looks like"
        intro="An example, written to show how the assistant answers."
        className="mt-8"
      >
        <Card className="mt-3 space-y-3 p-4">
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-primary-900 px-4 py-2 text-white">
            My landlord says I have to pay for repainting after two years. Is that normal?
          </p>
          <div className="max-w-[90%] rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-slate-800">
            <p className="font-semibold">Usually not for normal wear and tear.</p>
            <p className="mt-1 text-sm">
              In most states, paint that fades or scuffs with ordinary use after a couple of years counts as normal wear
              and tear, which a landlord generally cannot charge to your deposit. Damage beyond that (holes, unapproved
              colors) can be charged. Which state are you in? The rules and deadlines differ.
            </p>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-slate-600">
            <ShieldCheck className="size-4" aria-hidden /> Legal information, not legal advice.
          </p>
        </Card>
        <div className="mt-4 flex justify-center">
          <ButtonLink to="/dashboard/cases" variant="secondary">
            See my cases
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
