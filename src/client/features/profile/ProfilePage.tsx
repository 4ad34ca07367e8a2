import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { Field, Input } from "@client/components/ui/Field";
import { PageHeader } from "@client/components/ui/PageHeader";
import { SelectField, type SelectOptions } from "@client/components/ui/SelectField";
import { Skeleton } from "@client/components/ui/Skeleton";
import { Switch } from "@client/components/ui/Switch";
import { useToast } from "@client/components/ui/Toast";
import { ApiRequestError } from "@client/lib/api";
import { leaveLandingNotice } from "@client/lib/landing-notice";
import { usePublicSettings } from "@client/lib/public-settings";
import { useSession } from "@client/lib/session";
import { formatDate } from "@shared/dates";
import { PROFILE_TEXT } from "@shared/messages";
import { formatPlanPrice, PLANS } from "@shared/plans";
import type { SubscriptionView } from "@shared/schemas/billing";
import type { ProfileUpdate } from "@shared/schemas/profile";
import type { CompareAnswers, Preferences } from "@shared/session";
import { ChevronRight, Crown, Download, FileText, KeyRound, LogOut, Pencil, Shield, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CalendarCard } from "./CalendarCard";
import { DeleteAccountDialog } from "./DeleteAccountDialog";
import { startDataExport, useProfile, useUpdatePreferences, useUpdateProfile } from "./profile-api";

const FIELDS: Array<{ key: keyof ProfileUpdate; label: string; autoComplete: string; type?: string }> = [
  { key: "firstName", label: "First name", autoComplete: "given-name" },
  { key: "lastName", label: "Last name", autoComplete: "family-name" },
  { key: "phone", label: "Phone", autoComplete: "tel", type: "tel" },
  { key: "address", label: "Address", autoComplete: "street-address" },
  { key: "profession", label: "Profession", autoComplete: "organization-title" },
];

type Toggle = Exclude<keyof Preferences, "compareAnswers">;

const TOGGLES: Array<{ key: Toggle; label: string; description: string }> = [
  { key: "emailNotifications", label: "Email notifications", description: "Updates about your cases and referrals." },
  {
    key: "pushNotifications",
    label: "Push notifications",
    description: "Alerts on this device when an answer is ready.",
  },
  { key: "marketingEmails", label: "Marketing communications", description: "News about LawGuide and new features." },
];

const COMPARE_OPTIONS: SelectOptions = [
  ["every", "Every message"],
  ["long", "Long questions only"],
  ["never", "Never"],
];

/** /dashboard/profile (spec section 2 'Profile'). */
export function ProfilePage({
  onChangePassword,
  renderSubscription,
  twoFactor,
}: {
  onChangePassword: () => void;
  /** The subscription card (the billing feature's), given the member's subscription. */
  renderSubscription: (subscription: SubscriptionView | null) => ReactNode;
  /** Two-factor sign-in's card (the account feature's), shown while it is offered or on. */
  twoFactor?: ReactNode;
}) {
  const session = useSession();
  const settings = usePublicSettings();
  const navigate = useNavigate();
  const toast = useToast();
  const profile = useProfile();
  const onUser = () => void session.refresh();
  const update = useUpdateProfile(onUser);
  const preferences = useUpdatePreferences(onUser);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileUpdate | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const user = profile.data?.user ?? session.user;

  const saved: ProfileUpdate | null = user
    ? {
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        address: user.address,
        profession: user.profession,
      }
    : null;

  useEffect(() => {
    if (!editing) setFieldErrors({});
  }, [editing]);

  if (!user || !saved) return null;
  const values = draft ?? saved;
  const active = user.plan !== "free";

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    update.mutate(values, {
      onSuccess: () => {
        toast.success(PROFILE_TEXT.updated);
        setEditing(false);
        setDraft(null);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) setFieldErrors(error.fields);
        toast.error(
          error instanceof ApiRequestError && error.status === 400 ? error.message : PROFILE_TEXT.updateFailedRetry,
        );
      },
    });
  };

  const savePreferences = (changed: Partial<Preferences>) => {
    preferences.mutate(
      { ...user.preferences, ...changed },
      { onError: () => toast.error(PROFILE_TEXT.updateFailedRetry) },
    );
  };

  const stats = profile.data?.stats;
  const statCards = [
    { label: "Active Cases", value: stats?.activeCases },
    { label: "Total Cases", value: stats?.totalCases },
    { label: "Documents", value: stats?.documents },
    { label: "Member Since", value: stats ? formatDate(stats.memberSince) : undefined },
  ];

  return (
    <>
      <PageHeader
        title="Profile"
        description={`${[user.firstName, user.lastName].filter(Boolean).join(" ") || user.email} · ${user.email}`}
      />

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {statCards.map((s) => (
          <Card key={s.label} className="p-4">
            <dt className="text-sm text-slate-600">{s.label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{s.value ?? <Skeleton className="h-6 w-12" />}</dd>
          </Card>
        ))}
      </dl>

      <section aria-label="Subscription" className="mt-6 space-y-3">
        {profile.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          renderSubscription(profile.data?.subscription ?? null)
        )}
        {!active ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-premium-300 bg-premium-50 p-4">
            <p className="text-premium-900">
              <span className="font-semibold">Upgrade to Premium</span> for unlimited messages and answers from two AIs
              · {formatPlanPrice(PLANS.premium)}.
            </p>
            <ButtonLink to="/dashboard/premium" variant="premium" size="sm" icon={Crown}>
              Upgrade
            </ButtonLink>
          </div>
        ) : null}
      </section>

      <Card className="mt-6 p-5">
        <form onSubmit={save} noValidate>
          <div className="mb-4 flex items-center justify-between gap-2">
            <h2 className="text-lg font-bold">Personal Information</h2>
            {!editing ? (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)} icon={Pencil}>
                Edit
              </Button>
            ) : null}
          </div>
          {editing ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <Field
                  key={f.key}
                  label={f.label}
                  required={f.key === "firstName"}
                  error={fieldErrors[f.key]}
                  className={f.key === "address" ? "sm:col-span-2" : undefined}
                >
                  {(p) => (
                    <Input
                      {...p}
                      type={f.type ?? "text"}
                      autoComplete={f.autoComplete}
                      value={values[f.key]}
                      onChange={(e) => setDraft({ ...values, [f.key]: e.target.value })}
                    />
                  )}
                </Field>
              ))}
              <Field label="Email" help="Your email address cannot be changed." className="sm:col-span-2">
                {(p) => <Input {...p} type="email" value={user.email} readOnly disabled />}
              </Field>
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" loading={update.isPending}>
                  Save
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setDraft(null);
                    setEditing(false);
                  }}
                >
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <dl className="grid gap-3 sm:grid-cols-2">
              {[...FIELDS, { key: "email" as const, label: "Email" }].map((f) => {
                const value = f.key === "email" ? user.email : saved[f.key];
                return (
                  <div key={f.key}>
                    <dt className="text-sm text-slate-600">{f.label}</dt>
                    <dd className="font-medium text-slate-900">
                      {value || <span className="text-slate-600">Not provided</span>}
                    </dd>
                  </div>
                );
              })}
            </dl>
          )}
        </form>
      </Card>

      <Card className="mt-6 p-5">
        <h2 className="text-lg font-bold">Account Settings</h2>
        <div className="divide-y divide-slate-200">
          {TOGGLES.map((t) => (
            <Switch
              key={t.key}
              label={t.label}
              description={t.description}
              checked={user.preferences[t.key]}
              disabled={preferences.isPending}
              onCheckedChange={(checked) => savePreferences({ [t.key]: checked })}
            />
          ))}
          {user.plan === "premium" ? (
            <SelectField
              className="py-4"
              label="Compare answers"
              help="When a message opens both AI assistants side by side for you to pick one. Otherwise it gets one answer straight away."
              value={user.preferences.compareAnswers}
              disabled={preferences.isPending}
              onChange={(value) => savePreferences({ compareAnswers: value as CompareAnswers })}
              options={COMPARE_OPTIONS}
            />
          ) : null}
        </div>
      </Card>

      <CalendarCard />

      <Card className="mt-6 divide-y divide-slate-200">
        <h2 className="px-5 pt-4 pb-2 text-lg font-bold">Security</h2>
        <button
          type="button"
          onClick={onChangePassword}
          className="flex min-h-14 w-full items-center gap-3 px-5 text-left font-semibold text-slate-800 hover:bg-slate-50"
        >
          <KeyRound className="size-5 text-slate-600" aria-hidden /> Change Password
          <ChevronRight className="ml-auto size-5 text-slate-500" aria-hidden />
        </button>
        {settings?.enableTwoFactor || user.twoFactorEnabled ? twoFactor : null}
      </Card>

      <Card className="mt-6 divide-y divide-slate-200">
        <h2 className="px-5 pt-4 pb-2 text-lg font-bold">Privacy & Legal</h2>
        <Link
          to="/privacy"
          className="flex min-h-14 items-center gap-3 px-5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          <Shield className="size-5 text-slate-600" aria-hidden /> Privacy Policy
          <ChevronRight className="ml-auto size-5 text-slate-500" aria-hidden />
        </Link>
        <Link
          to="/terms"
          className="flex min-h-14 items-center gap-3 px-5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          <FileText className="size-5 text-slate-600" aria-hidden /> Terms of Service
          <ChevronRight className="ml-auto size-5 text-slate-500" aria-hidden />
        </Link>
        <button
          type="button"
          disabled={exporting}
          aria-busy={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              const refusal = await startDataExport();
              if (refusal) toast.error(refusal);
              else toast.success(PROFILE_TEXT.exportStarted);
            } finally {
              setExporting(false);
            }
          }}
          className="flex min-h-14 w-full items-center gap-3 px-5 text-left font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          <Download className="size-5 text-slate-600" aria-hidden />{" "}
          {exporting ? "Preparing your data…" : "Data Export"}
          <span className="ml-auto text-sm font-normal text-slate-600">ZIP file</span>
        </button>
        {user.isAdmin ? null : (
          <button
            type="button"
            onClick={() => setDeleting(true)}
            className="flex min-h-14 w-full items-center gap-3 px-5 text-left font-semibold text-red-800 hover:bg-red-50"
          >
            <Trash2 className="size-5" aria-hidden /> Delete Account
          </button>
        )}
      </Card>

      {profile.isError ? (
        <Alert tone="danger" className="mt-6">
          Some of your account details could not be loaded. Reload the page to try again.
        </Alert>
      ) : null}

      <Button
        variant="secondary"
        className="mt-6 w-full"
        icon={<LogOut className="size-5" aria-hidden />}
        onClick={async () => {
          await session.signOut();
          navigate("/welcome", { replace: true });
        }}
      >
        Sign Out
      </Button>

      <DeleteAccountDialog
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => {
          // Like signing out: the next sign-in in this tab starts afresh, not on this profile.
          session.forget();
          leaveLandingNotice("accountDeleted");
          navigate("/welcome", { replace: true });
        }}
      />
    </>
  );
}
