import { cn } from "@client/lib/cn";
import { LandingDialog, type LandingDialogProps } from "./DialogBody";

const CONVERSATION = [
  {
    from: "user",
    text: "I was let go two days after I reported a safety problem at the warehouse. Is that legal?",
  },
  {
    from: "assistant",
    text: "I'm sorry that happened. Firing someone for reporting a safety problem can be illegal retaliation. Under federal law (section 11(c) of the OSH Act), you generally have 30 days from the firing to file a retaliation complaint with OSHA. Many states add their own protections. Which state do you work in?",
  },
  { from: "user", text: "Texas. What should I gather first?" },
  {
    from: "assistant",
    text: "Keep the deadline in mind and collect: the date and copy of your safety report, who you told, your termination notice or messages, recent performance reviews, and names of coworkers who saw what happened. An employment attorney can tell you whether you have other claims. Would you like me to draft a timeline from what you have?",
  },
] as const;

/** The demo: a sample conversation, and Try It Now. */
export function DemoDialog(props: LandingDialogProps) {
  return (
    <LandingDialog
      {...props}
      size="lg"
      title="Sample conversation"
      description="An example of a LawGuide case chat, for illustration only. Real answers depend on your facts and your state."
      startLabel="Try It Now"
      bodyLabel="Example messages"
    >
      <ol className="space-y-3">
        {CONVERSATION.map((line) => (
          <li key={line.text} className={cn("flex", line.from === "user" ? "justify-end" : "justify-start")}>
            <div
              className={cn(
                "max-w-[88%] rounded-2xl px-4 py-2.5 text-sm",
                line.from === "user"
                  ? "rounded-br-md bg-primary-900 text-white"
                  : "rounded-bl-md border border-slate-200 bg-slate-50 text-slate-800",
              )}
            >
              <p
                className={cn(
                  "mb-1 text-xs font-semibold",
                  line.from === "user" ? "text-primary-100" : "text-primary-800",
                )}
              >
                {line.from === "user" ? "You" : "LawGuide assistant"}
              </p>
              <p>{line.text}</p>
              {line.from === "assistant" ? (
                <p className="mt-2 border-t border-slate-200 pt-2 text-xs text-slate-600">
                  Legal information, not legal advice.
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </LandingDialog>
  );
}
