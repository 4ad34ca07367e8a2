import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { useSearchParams } from "react-router";
import { OverviewSection } from "./overview/OverviewSection";
import { ADMIN_SECTIONS, type AdminSectionId } from "./sections";

/** Each section's code loads when it is first opened. */
const SECTIONS: Record<Exclude<AdminSectionId, "overview">, LazyExoticComponent<ComponentType>> = {
  users: lazy(async () => ({ default: (await import("./users/UsersSection")).UsersSection })),
  cases: lazy(async () => ({ default: (await import("./cases/CasesSection")).CasesSection })),
  attorneys: lazy(async () => ({ default: (await import("./attorneys/AttorneysSection")).AttorneysSection })),
  testimonials: lazy(async () => ({
    default: (await import("./testimonials/TestimonialsSection")).TestimonialsSection,
  })),
  "law-library": lazy(async () => ({
    default: (await import("./law-library/LawLibrarySection")).LawLibrarySection,
  })),
  "ai-models": lazy(async () => ({ default: (await import("./ai-models/AiModelsSection")).AiModelsSection })),
  settings: lazy(async () => ({ default: (await import("./settings/SettingsSection")).SettingsSection })),
  logs: lazy(async () => ({ default: (await import("./logs/LogsSection")).LogsSection })),
  mail: lazy(async () => ({ default: (await import("./mail/MailSection")).MailSection })),
};

export function AdminDashboardPage() {
  const [params] = useSearchParams();
  const section = (ADMIN_SECTIONS.find((s) => s.id === params.get("section"))?.id ?? "overview") as AdminSectionId;
  if (section === "overview") return <OverviewSection />;
  const Section = SECTIONS[section];
  return <Section />;
}
