import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { useToast } from "@client/components/ui/Toast";
import { CASE_TEXT } from "@shared/messages";
import { Scale } from "lucide-react";
import { memo } from "react";
import { useReferCase } from "./cases-api";

/** Ask to be referred to an attorney, after saying plainly what that means. */
export const ReferralDialog = memo(function ReferralDialog({
  caseId,
  open,
  onOpenChange,
}: {
  caseId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const refer = useReferCase();
  const toast = useToast();
  const confirm = () =>
    refer.mutate(caseId, {
      onSuccess: (result) => {
        toast.success(result.message || CASE_TEXT.referralSuccess);
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error(
          error instanceof Error && /already|Archived/.test(error.message) ? error.message : CASE_TEXT.referralFailed,
        );
      },
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Refer to an attorney"
      size="md"
      tone="primary"
      confirmLabel="Request Referral"
      confirmIcon={<Scale className="size-4" aria-hidden />}
      onConfirm={confirm}
      pending={refer.isPending}
    >
      <p>We will pass this case to an attorney in our referral network, who will contact you within 24 hours.</p>
      <p>
        LawGuide is not a law firm. No attorney-client relationship exists until an attorney agrees to take your matter.
        The attorney sets their own fees and will tell you before any work starts.
      </p>
    </ConfirmDialog>
  );
});
