import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";

/** Admin section 'Settings'. */
export function SettingsSection() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="General, AI, subscription, security and notification settings, in force as soon as they are saved."
      />
      <Card className="p-6 text-slate-700">This section is being built.</Card>
    </>
  );
}
