import type { DocumentDetail, DocumentDraft } from "@shared/schemas/documents";
import type { Answers, AnswerValue } from "@shared/templates/types";
import { useCallback, useReducer, useRef } from "react";
import { forSaleMessage, type TemplateStanding } from "./template-info";

/** The generator's four steps (spec section 4): pick, fill in, review, download. */
export const STEP_LABELS = ["Template Selection", "Document Information", "Review & Generate", "Download"] as const;

export type Step = 0 | 1 | 2 | 3;

/** Where focus goes: the step's heading, a field to fix, or the notice that a template is for sale. */
export type FocusTarget = { kind: "heading" } | { kind: "field"; fieldId: string } | { kind: "notice" };

/** A template the member may not use until they buy it (or get Premium), and what to tell them. */
export interface ForSale {
  templateId: string;
  message: string;
}

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
  /**
   * A template the member may not use: shown with its Buy button, above the templates (it was
   * asked for) or above the answers (the server refused them; they stay as they are).
   */
  forSale: ForSale | null;
}

export type GeneratorAction =
  | { type: "open"; templateId: string; answers: Answers }
  | { type: "offer"; offer: DraftOffer }
  | { type: "dismissOffer" }
  /** `quiet`: the notice appears without taking the focus (the member is typing in the form). */
  | { type: "forSale"; templateId: string; message: string; quiet?: boolean }
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
  forSale: null,
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
    case "forSale": {
      // Said once: a second refusal of the same template (another draft save) changes nothing.
      const same = state.forSale?.templateId === action.templateId && state.forSale.message === action.message;
      if (same && !state.generating) return state;
      return {
        ...state,
        offer: null,
        generating: false,
        generateError: null,
        forSale: { templateId: action.templateId, message: action.message },
        ...(action.quiet ? {} : focusOn(state, { kind: "notice" })),
      };
    }
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
        forSale: action.step === 0 ? null : state.forSale,
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
  /**
   * Open a template at the form step, or first offer its saved draft when there is one. A template
   * the member may not use is not opened: the notice that it is for sale shows instead. `kept`
   * answers (taken back after a purchase) open at once, over any draft.
   */
  openTemplate: (templateId: string, answers?: Answers, options?: { kept?: boolean }) => void;
  resumeDraft: (draft: DocumentDraft) => void;
}

/** What the member may do with a template (for-sale: not open it). */
export type StandingOf = (templateId: string) => TemplateStanding;

const anyStanding: StandingOf = () => ({ kind: "included" });

/** The generator's state, kept by the Document Center so both tabs and the drafts list can steer it. */
export function useGeneratorController(
  drafts: readonly DocumentDraft[] | undefined,
  standingOf: StandingOf = anyStanding,
): GeneratorController {
  const [state, dispatch] = useReducer(generatorReducer, initialGeneratorState);
  const standingRef = useRef(standingOf);
  standingRef.current = standingOf;
  /** True when the template may be opened; else the notice that it is for sale is shown. */
  const gate = useCallback((templateId: string) => {
    const standing = standingRef.current(templateId);
    if (standing.kind !== "for-sale") return true;
    dispatch({ type: "forSale", templateId, message: forSaleMessage(templateId, standing.priceCents) });
    return false;
  }, []);
  const openTemplate = useCallback(
    (templateId: string, answers: Answers = {}, options: { kept?: boolean } = {}) => {
      if (!gate(templateId)) return;
      const draft = options.kept ? undefined : drafts?.find((item) => item.templateId === templateId);
      if (draft) dispatch({ type: "offer", offer: { draft, freshAnswers: answers } });
      else dispatch({ type: "open", templateId, answers });
    },
    [drafts, gate],
  );
  const resumeDraft = useCallback(
    (draft: DocumentDraft) => {
      if (gate(draft.templateId)) dispatch({ type: "resume", draft });
    },
    [gate],
  );
  return { state, dispatch, openTemplate, resumeDraft };
}
