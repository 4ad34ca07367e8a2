import { CASE_TEXT } from "@shared/messages";
import type { ChatAttachment, UploadSummary } from "@shared/schemas/uploads";
import { getTemplate } from "@shared/templates/template-list";
import type { Answers } from "@shared/templates/types";
import { useCallback, useEffect, useReducer, useRef } from "react";

/** Where the Document Center's assistant is in its conversation. */
export type Stage =
  | "intro"
  | "state"
  | "template"
  | "generating"
  | "generated"
  /** Waiting for the file to analyse. */
  | "upload"
  | "uploading"
  | "analysing"
  | "analysed"
  /** The analysis failed or was stopped: the file can be analysed again. */
  | "failed";

export interface ChatLine {
  id: number;
  from: "assistant" | "member";
  text: string;
  /** The file the member sent (member lines). */
  attachment?: ChatAttachment;
  /** The text is Markdown (a document analysis). */
  markdown?: boolean;
  /** Extra content under an assistant message (links). */
  extra?: "premium";
}

/** A line about to be said (its id is given when it is). */
export type NewLine = Omit<ChatLine, "id">;

/** The assistant's script. */
export const INTRO =
  "Hello! I can help you create a legal document, such as a will, a lease or an LLC operating agreement, or read a document you upload and explain it in plain words. What would you like to do?";
export const ASK_STATE =
  "Which state do you live in? Many documents must follow your state's law, so I'll use it to fill in your document.";
export const ASK_TEMPLATE = (state: string) => `Thanks. ${state} it is. Which document would you like to create?`;
export const ASK_FILE = (maxMb: number) =>
  `Choose the document you'd like me to read: a PDF, a Word file or a photo of a document (JPG, PNG or GIF), up to ${maxMb}MB. I'll give you a plain-language summary, the key terms, possible issues and suggested next steps.`;
export const ASK_ANOTHER = (maxMb: number) =>
  `Choose the next document: a PDF, a Word file or a photo of a document, up to ${maxMb}MB.`;
export const ONE_AT_A_TIME = "Please choose one document at a time.";
export const ANALYSIS_STOPPED = "I stopped reading this document. You can analyse it again, or choose another one.";
export const OPEN_CASE_FAILED = CASE_TEXT.openCaseFailed;

export function readyText(templateId: string, state: string, answers: Answers): string {
  const name = getTemplate(templateId)?.name ?? "document";
  const stateNote =
    Object.keys(answers).length > 0
      ? ` I've filled in ${state} as the state.`
      : " This document does not depend on your state.";
  return `Your ${name} is ready to complete.${stateNote} Answer the remaining questions in the Document Templates tab, then review and generate it.`;
}

export interface AssistantState {
  lines: ChatLine[];
  /** The id of the next line said. */
  nextId: number;
  stage: Stage;
  /** What the typing indicator says while the assistant prepares its reply; null when it is not typing. */
  typing: string | null;
  /** The member's state, filled in the document they choose. */
  chosenState: string;
  /** Every state is offered (in a list), not only the buttons of the first few. */
  showAllStates: boolean;
  /** The state picked in that list, before 'Continue'. */
  otherState: string;
  /** The file being (or last) analysed. */
  file: UploadSummary | null;
}

export type AssistantAction =
  /** One side says something; the conversation moves on to `stage` when one is given. */
  | { type: "say"; line: NewLine; stage?: Stage }
  /** The assistant starts typing its reply (`label` shown meanwhile), or stops (null). */
  | { type: "typing"; label: string | null }
  | { type: "stage"; stage: Stage }
  /** The member named their state: the documents are offered next. */
  | { type: "chooseState"; state: string }
  | { type: "showAllStates" }
  | { type: "pickOtherState"; state: string }
  /** A file is being analysed (just sent, or analysed again). */
  | { type: "analyse"; file: UploadSummary }
  /** Back to the greeting, everything else forgotten. */
  | { type: "restart" };

export const initialAssistantState: AssistantState = {
  lines: [{ id: 0, from: "assistant", text: INTRO }],
  nextId: 1,
  stage: "intro",
  typing: null,
  chosenState: "",
  showAllStates: false,
  otherState: "",
  file: null,
};

function say(state: AssistantState, line: NewLine): AssistantState {
  return { ...state, lines: [...state.lines, { id: state.nextId, ...line }], nextId: state.nextId + 1 };
}

export function assistantReducer(state: AssistantState, action: AssistantAction): AssistantState {
  switch (action.type) {
    case "say":
      return { ...say(state, action.line), stage: action.stage ?? state.stage };
    case "typing":
      return { ...state, typing: action.label };
    case "stage":
      return { ...state, stage: action.stage };
    case "chooseState":
      return {
        ...say(state, { from: "member", text: action.state }),
        chosenState: action.state,
        showAllStates: false,
        stage: "template",
      };
    case "showAllStates":
      return { ...state, showAllStates: true };
    case "pickOtherState":
      return { ...state, otherState: action.state };
    case "analyse":
      return { ...state, file: action.file, stage: "analysing" };
    case "restart":
      // A new greeting (a new id), so it is drawn again rather than kept.
      return {
        ...initialAssistantState,
        lines: [{ id: state.nextId, from: "assistant", text: INTRO }],
        nextId: state.nextId + 1,
      };
  }
}

/**
 * The assistant's conversation: its state, and its scripted replies, which come after a typing
 * indicator (`reply`). Leaving the page, or restarting, drops a reply still being typed.
 */
export function useAssistantConversation() {
  const [state, dispatch] = useReducer(assistantReducer, initialAssistantState);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const dropReply = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => dropReply, [dropReply]);

  /** The assistant types (`label` shown) for `delay` ms, then `then` says its reply. */
  const reply = useCallback(
    (delay: number, label: string, then: () => void) => {
      dispatch({ type: "typing", label });
      dropReply();
      timer.current = setTimeout(() => {
        timer.current = null;
        dispatch({ type: "typing", label: null });
        then();
      }, delay);
    },
    [dropReply],
  );

  const restart = useCallback(() => {
    dropReply();
    dispatch({ type: "restart" });
  }, [dropReply]);

  return { state, dispatch, reply, restart };
}
