/**
 * The offline assistant's reading of members' documents: a rule-based analysis of the extracted
 * text, and answers to questions taken from the passages themselves. Every quotation is a piece of
 * a passage's own text (whitespace collapsed), never rewritten. Deterministic: no randomness, no clock.
 */
import { ANALYSIS_HEADINGS, analysisTitle, type DocumentPassage, type DocumentTask } from "../document-analysis";
import {
  DOCUMENT_CLOSING,
  issuesSection,
  recommendationsSection,
  summarySection,
  termsSection,
  typeSection,
} from "./analysis-sections";
import { answerParts } from "./answers";
import { analyse } from "./findings";
import { questionConcepts } from "./question-words";
import { Document } from "./sentences";

const ANSWER_CLOSING =
  "*This quotes your own documents and is general legal information, not legal advice. Other parts of your documents and your state's law may matter too; a licensed attorney in your state can advise on your situation.*";

/** A "###" section of the analysis: a blank line, the heading, a blank line and the section's lines. */
function section(heading: string, lines: string[]): string[] {
  return ["", `### ${heading}`, "", ...lines];
}

/** The offline assistant's analysis of an uploaded file, in the same form a real provider is asked for. */
export function offlineAnalysis(task: Extract<DocumentTask, { type: "analyse" }>): string {
  const doc = new Document(task.passages, task.fileName);
  const findings = analyse(doc);
  const [typeHeading, termsHeading, issuesHeading, summaryHeading, recommendationsHeading] = ANALYSIS_HEADINGS;
  const sections = [
    `## ${analysisTitle(task.fileName)}`,
    ...section(typeHeading, typeSection(findings)),
    ...section(termsHeading, termsSection(findings)),
    ...section(issuesHeading, issuesSection(findings)),
    ...section(summaryHeading, summarySection(findings, task.fileName)),
    ...section(recommendationsHeading, recommendationsSection(findings)),
  ];
  const question = task.question?.replace(/\s+/g, " ").trim();
  if (question) sections.push(...section("About your question", aboutQuestion(question, task.passages)));
  // One disclaimer, and last: after the answer to the question too, never between sections.
  sections.push("", DOCUMENT_CLOSING);
  return sections.join("\n");
}

function aboutQuestion(question: string, passages: DocumentPassage[]): string[] {
  const concepts = questionConcepts(question);
  if (concepts.length === 0) return ["The sections above are the review you asked for."];
  const answer = answerParts(question, passages);
  if (!answer) {
    return [
      "This document does not seem to address your question directly: no passage matched it closely enough to quote. You can ask it again in the chat, and LawGuide will give general information and point out what to look for.",
    ];
  }
  return answer;
}

/**
 * An answer to a question from the case's passages: the best one to three quoted word for word,
 * with the document and location, and what they say in the question's terms. Null when no passage
 * matches the question well enough.
 */
export function offlineAnswerFromPassages(
  question: string,
  passages: DocumentPassage[],
  ruling: string | null = null,
): string | null {
  const lines = answerParts(question, passages, ruling);
  return lines ? [...lines, "", ANSWER_CLOSING].join("\n") : null;
}
