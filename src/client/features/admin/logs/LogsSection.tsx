import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";

/** Admin section 'Logs'. */
export function LogsSection() {
  return (
    <>
      <PageHeader title="Logs" description="What happened, and who changed what." />
      <Card className="p-6 text-slate-700">This section is being built.</Card>
    </>
  );
}
