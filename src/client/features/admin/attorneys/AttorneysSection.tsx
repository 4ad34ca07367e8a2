import { PageHeader } from "@client/components/ui/PageHeader";
import { Tabs } from "@client/components/ui/Tabs";
import { useState } from "react";
import { DirectoryPanel } from "./DirectoryPanel";
import { ReferralsPanel } from "./ReferralsPanel";

type Part = "referrals" | "directory";

/** Admin section 'Attorneys': the referral queue and the attorneys directory. */
export function AttorneysSection() {
  const [part, setPart] = useState<Part>("referrals");
  return (
    <>
      <PageHeader
        title="Attorneys"
        description="Assign members' referrals to attorneys, and keep the attorney directory up to date."
      />
      <Tabs
        label="Attorneys"
        listClassName="grid-cols-2 sm:inline-grid sm:min-w-96"
        keepMounted={false}
        value={part}
        onChange={setPart}
        items={[
          { value: "referrals", label: "Referrals", panel: <ReferralsPanel /> },
          { value: "directory", label: "Attorney directory", panel: <DirectoryPanel /> },
        ]}
      />
    </>
  );
}
