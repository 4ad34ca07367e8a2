import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";

/** Admin section 'Attorneys'. */
export function AttorneysSection() {
  return (
    <>
      <PageHeader title="Attorneys" description="The attorneys directory and the referrals members ask for." />
      <Card className="p-6 text-slate-700">This section is being built.</Card>
    </>
  );
}
