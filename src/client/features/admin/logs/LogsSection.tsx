import { ButtonLink } from "@client/components/ui/ButtonLink";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Tabs } from "@client/components/ui/Tabs";
import { Mail } from "lucide-react";
import { useState } from "react";
import { AppLogsPanel } from "./AppLogsPanel";
import { AuditLogsPanel } from "./AuditLogsPanel";

type Tab = "app" | "audit";

/** Admin section 'Logs': the application logs and the audit trail, each filtered and paged. */
export function LogsSection() {
  const [tab, setTab] = useState<Tab>("app");
  // A tab's panel mounts (and reads its log) when first opened, then stays, keeping its filters.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set<Tab>(["app"]));
  const open = (next: Tab) => {
    setTab(next);
    setOpened((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };
  return (
    <>
      <PageHeader
        title="Logs"
        description="What happened, and who changed what, newest first."
        actions={
          <ButtonLink
            to="/admin/dashboard?section=mail"
            variant="secondary"
            icon={<Mail className="size-4" aria-hidden />}
          >
            Mail
          </ButtonLink>
        }
      />
      <Tabs
        label="Logs"
        layout="inline"
        value={tab}
        onChange={open}
        items={[
          { value: "app", label: "Application logs", panel: opened.has("app") ? <AppLogsPanel /> : null },
          { value: "audit", label: "Audit trail", panel: opened.has("audit") ? <AuditLogsPanel /> : null },
        ]}
      />
    </>
  );
}
