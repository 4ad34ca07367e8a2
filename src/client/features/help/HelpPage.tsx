import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { FaqItem } from "@client/components/ui/Disclosure";
import { IconTile } from "@client/components/ui/IconTile";
import { PageHeader } from "@client/components/ui/PageHeader";
import { SearchBox } from "@client/components/ui/SearchBox";
import { apiFetch } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { planSettingsOf, usePublicSettings } from "@client/lib/public-settings";
import { useSession } from "@client/lib/session";
import type { SupportContacts } from "@shared/schemas/settings";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { DEFAULT_SITE } from "@shared/site";
import { useQuery } from "@tanstack/react-query";
import { Lock, type LucideIcon, Mail, Phone, Scale, SearchX } from "lucide-react";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { helpGroups, searchHelp } from "./help-content";

function ContactCard({
  icon,
  title,
  aside,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <li>
      <Card className={cn("flex gap-4 p-4 sm:p-5", className)}>
        <IconTile icon={icon} className="h-fit shrink-0 rounded-full bg-primary-50 p-2.5 text-primary-800" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
            {aside}
          </div>
          <div className="mt-1 space-y-1 text-sm text-slate-700">{children}</div>
        </div>
      </Card>
    </li>
  );
}

/** The Premium support line, from the server (which gives it to Premium members alone). */
function PremiumPhone({ support }: { support: { isPending: boolean; data: SupportContacts | undefined } }) {
  if (support.isPending) return <p>Loading the support line…</p>;
  const phone = support.data?.phone;
  if (!phone) {
    return (
      <p>
        There is no phone line yet: write to{" "}
        {support.data ? (
          <a href={`mailto:${support.data.email}`} className="font-semibold break-words text-primary-800 underline">
            {support.data.email}
          </a>
        ) : (
          "our support address"
        )}
        .
      </p>
    );
  }
  return (
    <>
      <p className="font-semibold text-slate-900">Premium support line</p>
      <p>
        <a href={`tel:${phone.replace(/[^+0-9]/g, "")}`} className="font-semibold text-primary-800 underline">
          {phone}
        </a>
      </p>
    </>
  );
}

/** /dashboard/help: searchable questions in four groups, the ways to reach us, and a legal notice. */
export function HelpPage() {
  const settings = usePublicSettings();
  const site = settings ?? DEFAULT_SITE;
  const { user } = useSession();
  const isPremium = user?.plan === "premium";
  const support = useQuery({
    queryKey: ["support"],
    queryFn: () => apiFetch<SupportContacts>("/api/support"),
    enabled: isPremium,
  });
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const searchRef = useRef<HTMLInputElement>(null);
  const allGroups = useMemo(
    () =>
      helpGroups(planSettingsOf(settings), {
        maxFileUploadSize: settings?.maxFileUploadSize ?? SETTINGS_DEFAULTS.general.maxFileUploadSize,
      }),
    [settings],
  );
  const groups = useMemo(() => searchHelp(allGroups, query), [allGroups, query]);
  const matches = groups.reduce((sum, group) => sum + group.questions.length, 0);
  const searching = query.trim() !== "";

  const toggle = (question: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(question)) next.add(question);
      return next;
    });

  const clear = () => {
    setQuery("");
    searchRef.current?.focus();
  };

  return (
    <>
      <PageHeader
        title="Help & Support"
        description={`Answers to common questions, and how to reach the ${site.siteName} team.`}
      />

      <SearchBox
        label="Search help"
        value={query}
        onChange={setQuery}
        placeholder="Search questions and answers"
        inputRef={searchRef}
      />
      <p role="status" className={cn("mt-2 text-sm text-slate-600", !searching && "sr-only")}>
        {searching
          ? matches === 0
            ? "No questions match your search."
            : `${matches} ${matches === 1 ? "question matches" : "questions match"} your search.`
          : ""}
      </p>

      <div className="mt-6 space-y-6">
        {matches === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <span className="rounded-full bg-slate-100 p-3 text-slate-700">
              <SearchX className="size-6" aria-hidden />
            </span>
            <h2 className="text-lg font-semibold text-slate-900">No results found</h2>
            <p className="max-w-sm text-slate-600">Try other words, or contact us below and we will help.</p>
            <Button variant="secondary" onClick={clear}>
              Clear search
            </Button>
          </Card>
        ) : (
          groups.map((group) => (
            <section key={group.id} aria-labelledby={`help-${group.id}`}>
              <h2 id={`help-${group.id}`} className="mb-3 text-lg font-bold text-slate-900">
                {group.title}
              </h2>
              <Card className="overflow-hidden">
                <ul>
                  {group.questions.map((q) => (
                    <FaqItem
                      key={q.question}
                      question={q.question}
                      answer={q.answer}
                      open={open.has(q.question)}
                      onToggle={() => toggle(q.question)}
                    />
                  ))}
                </ul>
              </Card>
            </section>
          ))
        )}
      </div>

      <section aria-labelledby="help-contact" className="mt-10">
        <h2 id="help-contact" className="text-lg font-bold text-slate-900">
          Contact us
        </h2>
        <p className="mt-1 text-slate-600">Still need a hand? Our support team is here to help.</p>
        <ul className="mt-4 grid gap-3">
          <ContactCard icon={Mail} title="Email">
            <p className="font-semibold text-slate-900">Response within 24 hours</p>
            {settings ? (
              <p>
                <a
                  href={`mailto:${settings.supportEmail}`}
                  className="font-semibold break-words text-primary-800 underline"
                >
                  {settings.supportEmail}
                </a>
              </p>
            ) : (
              <p>Write to our support address.</p>
            )}
          </ContactCard>
          <ContactCard
            icon={Phone}
            title="Phone"
            aside={
              isPremium ? (
                support.data?.phone ? (
                  <Badge tone="green">Available</Badge>
                ) : null
              ) : (
                <Badge tone="amber">
                  <Lock className="size-3.5" aria-hidden />
                  Premium
                </Badge>
              )
            }
            className={isPremium ? "border-premium-300" : "bg-slate-50"}
          >
            {isPremium ? (
              <PremiumPhone support={support} />
            ) : (
              <>
                <p className="flex items-center gap-1.5 font-semibold text-slate-900">
                  <Lock className="size-4 shrink-0" aria-hidden />
                  Phone support is for Premium members.
                </p>
                <p className="pt-1">
                  <Link to="/dashboard/premium" className="font-semibold text-primary-800 underline">
                    Upgrade to Premium
                  </Link>
                </p>
              </>
            )}
          </ContactCard>
        </ul>
      </section>

      <section
        aria-labelledby="help-legal"
        className="mt-10 rounded-[var(--radius-card)] border border-primary-200 bg-primary-50 p-5 text-primary-950"
      >
        <h2 id="help-legal" className="flex items-center gap-2 font-bold">
          <Scale className="size-5" aria-hidden />
          Legal notice
        </h2>
        <p className="mt-2 text-sm">
          {site.siteName} provides legal information, not legal advice, and does not replace a lawyer. {site.siteName}{" "}
          is not a law firm, and using it does not create an attorney-client relationship. Answers come from AI and can
          be wrong: check important decisions with a licensed attorney in your state. If you are in danger, call 911.
        </p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/terms" className="font-semibold text-primary-800 underline">
            Terms of Service
          </Link>
          <Link to="/privacy" className="font-semibold text-primary-800 underline">
            Privacy Policy
          </Link>
        </p>
      </section>
    </>
  );
}
