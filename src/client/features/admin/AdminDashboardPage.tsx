import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";
import { FullScreenLoading } from "@client/components/ui/Spinner";
import { apiFetch } from "@client/lib/api";
import type { AdminStats } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { Activity, Briefcase, FileText, Users } from "lucide-react";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { useSearchParams } from "react-router";
import { OutboxSection } from "./OutboxSection";
import { ADMIN_SECTIONS, type AdminSectionId } from "./sections";

/** Each section's code loads when it is first opened. */
const SECTIONS: Record<Exclude<AdminSectionId, "overview" | "outbox">, LazyExoticComponent<ComponentType>> = {
  users: lazy(async () => ({ default: (await import("./users/UsersSection")).UsersSection })),
  cases: lazy(async () => ({ default: (await import("./cases/CasesSection")).CasesSection })),
  attorneys: lazy(async () => ({ default: (await import("./attorneys/AttorneysSection")).AttorneysSection })),
  "ai-models": lazy(async () => ({ default: (await import("./ai-models/AiModelsSection")).AiModelsSection })),
  settings: lazy(async () => ({ default: (await import("./settings/SettingsSection")).SettingsSection })),
  logs: lazy(async () => ({ default: (await import("./logs/LogsSection")).LogsSection })),
};

export function AdminDashboardPage() {
  const [params] = useSearchParams();
  const section = (ADMIN_SECTIONS.find((s) => s.id === params.get("section"))?.id ?? "overview") as AdminSectionId;
  if (section === "overview") return <Overview />;
  if (section === "outbox") return <OutboxSection />;
  const Section = SECTIONS[section];
  return <Section />;
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
