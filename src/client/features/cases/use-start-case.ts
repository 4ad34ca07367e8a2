import { useToast } from "@client/components/ui/Toast";
import { CASE_TEXT } from "@shared/messages";
import { useNavigate } from "react-router";
import { useCreateCase } from "./cases-api";

/** Create a case and open its chat; on failure say so (spec section 2 'Dashboard home'). */
export function useStartCase() {
  const create = useCreateCase();
  const navigate = useNavigate();
  const toast = useToast();
  return {
    pending: create.isPending,
    start: (body: { title?: string; description?: string } = {}) =>
      create.mutate(body, {
        onSuccess: ({ case: created }) => navigate(`/dashboard/case/${created.id}`),
        onError: () => toast.error(CASE_TEXT.createFailed),
      }),
  };
}
