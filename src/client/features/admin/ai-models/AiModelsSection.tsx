import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";

/** Admin section 'AI Models'. */
export function AiModelsSection() {
  return (
    <>
      <PageHeader
        title="AI Models"
        description="Choose which OpenAI and Anthropic models answer Free and Premium members, with their token limits and temperatures."
      />
      <Card className="p-6 text-slate-700">This section is being built.</Card>
    </>
  );
}
