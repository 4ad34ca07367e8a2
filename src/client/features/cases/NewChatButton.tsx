import { Button } from "@client/components/ui/Button";
import { MessageSquarePlus } from "lucide-react";
import { useStartCase } from "./use-start-case";

/** 'New Chat': a case titled 'New Legal Consultation', then its chat (spec section 2 'Dashboard home'). */
export function NewChatButton() {
  const startCase = useStartCase();
  return (
    <Button
      onClick={() => startCase.start()}
      loading={startCase.pending}
      icon={<MessageSquarePlus className="size-5" aria-hidden />}
    >
      New Chat
    </Button>
  );
}
