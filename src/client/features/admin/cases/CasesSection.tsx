import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";

/** Admin section 'Cases'. */
export function CasesSection() {
  return (
    <>
      <PageHeader
        title="Cases"
        description="Review every case and its messages, change a case's status and assign an attorney."
      />
      <Card className="p-6 text-slate-700">This section is being built.</Card>
    </>
  );
}
