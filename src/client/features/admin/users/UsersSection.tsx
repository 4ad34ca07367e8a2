import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";

/** Admin section 'Users'. */
export function UsersSection() {
  return (
    <>
      <PageHeader
        title="Users"
        description="Find, add, edit and remove members, and grant or remove administrator access."
      />
      <Card className="p-6 text-slate-700">This section is being built.</Card>
    </>
  );
}
