import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { ADMIN_TEXT } from "@shared/messages";
import type { AdminAttorney, AdminReferral, ReferralAssignment } from "@shared/schemas/admin-attorneys";
import { Scale } from "lucide-react";
import { useEffect, useState } from "react";
import { AttorneySelect } from "./AttorneySelect";
import { useAssignReferral } from "./attorneys-api";
import { referralTitle } from "./referral-labels";

/**
 * Assign (or reassign) an attorney to a referral: choose from the active, available attorneys
 * (those for the case's category first), confirm, and read what happened: the case referred with
 * the attorney's name, and whether the member was told by e-mail.
 */
export function AssignReferralDialog({
  referral,
  open,
  onOpenChange,
}: {
  referral: AdminReferral | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [chosen, setChosen] = useState<AdminAttorney | null>(null);
  const [result, setResult] = useState<ReferralAssignment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const assign = useAssignReferral();
  const toast = useToast();

  useEffect(() => {
    if (open) {
      setChosen(null);
      setResult(null);
      setFailure(null);
    }
  }, [open]);

  if (!referral) return null;
  const reassigning = referral.attorney !== null;

  const submit = () => {
    if (!chosen) {
      setFailure("Please choose an attorney.");
      return;
    }
    setFailure(null);
    assign.mutate(
      { referralId: referral.id, attorneyId: chosen.id },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast.success(`Referral assigned to ${answer.referral.attorney?.name ?? chosen.name}.`);
        },
        onError: (error) => {
          setFailure(failureText(error, ADMIN_TEXT.assignAttorneyFailed));
        },
      },
    );
  };

  const assignedName = result?.referral.attorney?.name ?? chosen?.name ?? "";

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={result ? "Attorney assigned" : reassigning ? "Reassign referral" : "Assign an attorney"}
      description={referralTitle(referral)}
      size="lg"
      footer={
        result ? (
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              onClick={submit}
              loading={assign.isPending}
              disabled={!chosen}
              icon={<Scale className="size-4" aria-hidden />}
            >
              {chosen ? `Assign ${chosen.name}` : "Assign Attorney"}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="space-y-3">
          <Alert tone="success" title={`${assignedName} now has this referral.`}>
            {result.referral.case
              ? `The case "${result.referral.case.title}" is referred, with ${assignedName} as its attorney. ${result.referral.member.name} sees it in their case.`
              : `${result.referral.member.name}'s review request is assigned to ${assignedName}.`}
          </Alert>
          <Alert tone="info">
            {result.mailed
              ? `${result.referral.member.name} was told by e-mail (${result.referral.member.email}).`
              : "No e-mail was sent: the member's preferences or the notification settings turn these mails off."}
          </Alert>
        </div>
      ) : (
        <div className="space-y-4">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-700">Member</dt>
            <dd className="break-words text-slate-900">
              {referral.member.name} ({referral.member.email})
            </dd>
            {referral.case ? (
              <>
                <dt className="font-semibold text-slate-700">Category</dt>
                <dd className="text-slate-900">{referral.case.category ?? "Uncategorized"}</dd>
              </>
            ) : null}
            {referral.attorney ? (
              <>
                <dt className="font-semibold text-slate-700">Assigned now</dt>
                <dd className="text-slate-900">{referral.attorney.name}</dd>
              </>
            ) : null}
          </dl>
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <AttorneySelect
            value={chosen?.id ?? null}
            onChange={setChosen}
            category={referral.case?.category ?? null}
            label="Choose an attorney"
            disabled={assign.isPending}
          />
          <p className="text-sm text-slate-600">
            The member's case becomes referred with this attorney's name, and the member is told by e-mail when their
            preferences allow.
          </p>
        </div>
      )}
    </Dialog>
  );
}
