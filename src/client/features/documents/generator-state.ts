import type { DocumentDetail, DocumentDraft } from "@shared/schemas/documents";
import type { Answers, AnswerValue } from "@shared/templates/types";
import { useCallback, useReducer } from "react";

/** The generator's four steps (spec section 4): pick, fill in, review, download. */
export const STEP_LABELS = ["Template Selection", "Document Information", "Review & Generate", "Download"] as const;

export type Step = 0 | 1 | 2 | 3;

export type FocusTarget = { kind: "heading" } | { kind: "field"; fieldId: string };

export interface DraftOffer {
  draft: DocumentDraft;
  /** The answers to start from when the member chooses 'Start over'. */
  freshAnswers: Answers;
}

export interface GeneratorState {
  step: Step;
  templateId: string | null;
  answers: Answers;
  errors: Record<string, string>;
  generating: boolean;
  generateError: string | null;
  document: DocumentDetail | null;
  /** Counts the member's changes (answers and steps), so each one leads to a draft save. */
  edits: number;
  /** Where focus goes after the last change of step; `focusKey` changes with every request. */
  focus: FocusTarget | null;
  focusKey: number;
  /** A template with a saved draft was opened: ask whether to resume it. */
  offer: DraftOffer | null;
}

export type GeneratorAction =
  | { type: "open"; templateId: string; answers: Answers }
  | { type: "offer"; offer: DraftOffer }
  | { type: "dismissOffer" }
  | { type: "resume"; draft: DocumentDraft }
  | { type: "answer"; fieldId: string; value: AnswerValue }
  | { type: "goto"; step: Step }
  | { type: "showErrors"; errors: Record<string, string> }
  | { type: "generateStart" }
  | { type: "generateFailed"; message: string }
  | { type: "generated"; document: DocumentDetail }
  | { type: "reviewed"; review: DocumentDetail["review"] }
  | { type: "reset" };

export const initialGeneratorState: GeneratorState = {
  step: 0,
  templateId: null,
  answers: {},
  errors: {},
  generating: false,
  generateError: null,
  document: null,
  edits: 0,
  focus: null,
  focusKey: 0,
  offer: null,
};

function focusOn(state: GeneratorState, focus: FocusTarget): Pick<GeneratorState, "focus" | "focusKey"> {
  return { focus, focusKey: state.focusKey + 1 };
}

export function generatorReducer(state: GeneratorState, action: GeneratorAction): GeneratorState {
  switch (action.type) {
    case "open":
      return {
        ...initialGeneratorState,
        step: 1,
        templateId: action.templateId,
        answers: { ...action.answers },
        edits: state.edits,
        ...focusOn(state, { kind: "heading" }),
      };
    case "offer":
      return { ...state, offer: action.offer };
    case "dismissOffer":
      return { ...state, offer: null };
    case "resume":
      return {
        ...initialGeneratorState,
        step: action.draft.step >= 2 ? 2 : 1,
        templateId: action.draft.templateId,
        answers: { ...action.draft.answers },
        edits: state.edits,
        ...focusOn(state, { kind: "heading" }),
      };
    case "answer": {
      const { [action.fieldId]: _cleared, ...errors } = state.errors;
      return {
        ...state,
        answers: { ...state.answers, [action.fieldId]: action.value },
        errors,
        edits: state.edits + 1,
      };
    }
    case "goto":
      return {
        ...state,
        step: action.step,
        generateError: null,
        edits: state.edits + 1,
        ...focusOn(state, { kind: "heading" }),
      };
    case "showErrors": {
      const first = Object.keys(action.errors)[0];
      return {
        ...state,
        step: 1,
        errors: action.errors,
        generating: false,
        generateError: null,
        edits: state.edits + 1,
        ...focusOn(state, first ? { kind: "field", fieldId: first } : { kind: "heading" }),
      };
    }
    case "generateStart":
      return { ...state, generating: true, generateError: null, ...focusOn(state, { kind: "heading" }) };
    case "generateFailed":
      return { ...state, generating: false, generateError: action.message, ...focusOn(state, { kind: "heading" }) };
    case "generated":
      return {
        ...state,
        step: 3,
        generating: false,
        document: action.document,
        ...focusOn(state, { kind: "heading" }),
      };
    case "reviewed":
      return state.document ? { ...state, document: { ...state.document, review: action.review } } : state;
    case "reset":
      return { ...initialGeneratorState, edits: state.edits, ...focusOn(state, { kind: "heading" }) };
  }
}

export interface GeneratorController {
  state: GeneratorState;
  dispatch: (action: GeneratorAction) => void;
  /** Open a template at the form step, or first offer its saved draft when there is one. */
  openTemplate: (templateId: string, answers?: Answers) => void;
  resumeDraft: (draft: DocumentDraft) => void;
}

/** The generator's state, kept by the Document Center so both tabs and the drafts list can steer it. */
export function useGeneratorController(drafts: readonly DocumentDraft[] | undefined): GeneratorController {
  const [state, dispatch] = useReducer(generatorReducer, initialGeneratorState);
  const openTemplate = useCallback(
    (templateId: string, answers: Answers = {}) => {
      const draft = drafts?.find((item) => item.templateId === templateId);
      if (draft) dispatch({ type: "offer", offer: { draft, freshAnswers: answers } });
      else dispatch({ type: "open", templateId, answers });
    },
    [drafts],
  );
  const resumeDraft = useCallback((draft: DocumentDraft) => dispatch({ type: "resume", draft }), []);
  return { state, dispatch, openTemplate, resumeDraft };
}
