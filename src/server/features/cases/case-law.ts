import type { LawFact } from "@shared/law";
import type { MessageSources } from "@shared/schemas/cases";
import { stateOfCase } from "../../ai/offline/jurisdictions";
import type { ChatTurn } from "../../ai/types";
import { factsForQuestion, sourcesOf } from "../../law/grounding";
import { describeFault, type Logger } from "../../lib/logger";
import type { LawLibrary } from "../law-library/law-library.service";
import type { CaseRow } from "./cases.queries";

/** What an answer in a case is grounded in: the facts on the question, and every fact of the state. */
export interface CaseLaw {
  /** The facts of the case's state on what the member asks: providers rely on and cite them. */
  facts: LawFact[];
  /** Every fact of the case's state in force: the offline assistant answers from it. */
  library: LawFact[];
}

const NONE: CaseLaw = { facts: [], library: [] };

/**
 * The law library's facts for a question in a case, in the state the case names (its member's
 * messages, newest first, then its title and description); none when it names no state. A library
 * that cannot be read leaves the answer ungrounded, never failed.
 */
export function createCaseLaw(deps: { law: Pick<LawLibrary, "factsOf" | "sections">; logger: Logger }) {
  const { law, logger } = deps;
  return {
    async forQuestion(row: CaseRow, history: readonly ChatTurn[], question: string): Promise<CaseLaw> {
      const asked = history.filter((t) => t.role === "user").map((t) => t.content);
      const earlier = asked.at(-1) === question ? asked.slice(0, -1) : asked;
      const caseText = `${row.title}\n${row.description}`;
      const state = stateOfCase({ messages: [...earlier, question], caseText });
      if (!state) return NONE;
      try {
        const library = await law.factsOf(state);
        return { facts: factsForQuestion(library, { question, earlier, caseText }), library };
      } catch (error) {
        logger.warn({ fault: describeFault(error), caseId: row.id }, "reading the law library failed");
        return NONE;
      }
    },

    /** A provider's answer's sources: the facts it was given, and its citations the library does not hold. */
    async sourcesOf(
      result: { provider: string; content: string },
      facts: readonly LawFact[],
    ): Promise<MessageSources | null> {
      // The offline assistant writes its sources into its answer; a model's are shown under it.
      if (result.provider === "offline") return null;
      const known = await law.sections().catch(() => new Set<string>());
      return sourcesOf(result.content, facts, known);
    },
  };
}

export type CaseLawLookup = ReturnType<typeof createCaseLaw>;
