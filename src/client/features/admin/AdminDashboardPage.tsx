import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";
import { FullScreenLoading } from "@client/components/ui/Spinner";
import { apiFetch } from "@client/lib/api";
import type { AdminStats } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { Activity, Briefcase, FileText, Users } from "lucide-react";
import { useSearchParams } from "react-router";
import { OutboxSection } from "./OutboxSection";
import { ADMIN_SECTIONS, type AdminSectionId } from "./sections";

const EXPLANATIONS: Record<Exclude<AdminSectionId, "overview" | "outbox">, string> = {
  "ai-models":
    "Choose which OpenAI and Anthropic models answer Free and Premium members, with their token limits and temperatures.",
  users: "Find, add, edit and remove members, and grant or remove administrator access.",
  cases: "Review every case and its messages, change a case's status and assign an attorney.",
  settings: "General, AI, subscription, security and notification settings, in force as soon as they are saved.",
};

export function AdminDashboardPage() {
  const [params] = useSearchParams();
  const section = (ADMIN_SECTIONS.find((s) => s.id === params.get("section"))?.id ?? "overview") as AdminSectionId;
  if (section === "overview") return <Overview />;
  if (section === "outbox") return <OutboxSection />;
  const meta = ADMIN_SECTIONS.find((s) => s.id === section);
  return (
    <>
      <PageHeader title={meta?.label ?? "Admin"} description={EXPLANATIONS[section]} />
      <Card className="p-6 text-slate-700">
        This section is being built. Its data and rules are already kept by the server.
      </Card>
    </>
  );
}

function Overview() {
  const stats = useQuery({ queryKey: ["admin", "stats"], queryFn: () => apiFetch<AdminStats>("/api/admin/stats") });
  if (stats.isPending) return <FullScreenLoading text="Loading admin dashboard..." />;
  const s = stats.data;
  const cards = [
    {
      label: "Total Users",
      value: s?.users.total ?? 0,
      note: `+${s?.users.new_this_month ?? 0} this month`,
      Icon: Users,
    },
    { label: "Active Cases", value: s?.cases.active ?? 0, note: `${s?.cases.total ?? 0} total`, Icon: Briefcase },
    {
      label: "Documents",
      value: s?.documents.total ?? 0,
      note: `${s?.documents.generated ?? 0} generated`,
      Icon: FileText,
    },
    {
      label: "AI Queries Today",
      value: s?.ai.queries_today ?? 0,
      note: `${s?.ai.average_response_time ?? 0}s average response`,
      Icon: Activity,
    },
  ];
  return (
    <>
      <PageHeader title="Overview" description="How LawGuide is doing today." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, note, Icon }) => (
          <Card key={label} className="p-5">
            <div className="flex items-center justify-between">
              <p className="text-sm font-semibold text-slate-600">{label}</p>
              <Icon className="size-5 text-primary-700" aria-hidden />
            </div>
            <p className="mt-2 text-3xl font-bold text-slate-900">{value.toLocaleString("en-US")}</p>
            <p className="mt-1 text-sm text-slate-600">{note}</p>
          </Card>
        ))}
      </div>
    </>
  );
}
