import { AttorneyRequestDialog } from "@client/components/AttorneyRequestDialog";
import type { DialogOpenState } from "@client/components/ui/Dialog";
import { CASE_TEXT } from "@shared/messages";
import { memo } from "react";
import { useReferCase } from "./cases-api";

/** Ask to be referred to an attorney, after saying plainly what that means. */
export const ReferralDialog = memo(function ReferralDialog({
  caseId,
  ...dialog
}: DialogOpenState & { caseId: string }) {
  const refer = useReferCase();
  return (
    <AttorneyRequestDialog
      {...dialog}
      title="Refer to an attorney"
      confirmLabel="Request Referral"
      send={(handlers) => refer.mutate(caseId, handlers)}
      pending={refer.isPending}
      sent={CASE_TEXT.referralSuccess}
      failed={(error) => (/already|Archived/.test(error.message) ? error.message : CASE_TEXT.referralFailed)}
    >
      <p>We will pass this case to an attorney in our referral network, who will contact you within 24 hours.</p>
      <p>
        LawGuide is not a law firm. No attorney-client relationship exists until an attorney agrees to take your matter.
        The attorney sets their own fees and will tell you before any work starts.
      </p>
    </AttorneyRequestDialog>
  );
});
