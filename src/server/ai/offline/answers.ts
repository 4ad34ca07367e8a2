/** Answers to a question from the passages that match it, quoted word for word. */
import { cleanFileName, type DocumentPassage } from "../document-analysis";
import { DATE_PATTERN } from "./dates";
import { DEADLINES, type DeadlineFinding } from "./deadlines";
import { MONEY } from "./money";
import { findParties, LABELLED, partyText, TAGGED } from "./parties";
import { conceptMatch, intentsOf, questionConcepts, sameStem, stem, words } from "./question-words";
import { blockquote, joinAnd, plain, type Quote, quoteAround } from "./quotes";
import { Document, passageSentences, type Sentence } from "./sentences";

const MIN_COVERAGE = 0.5;

interface Scored {
  index: number;
  passage: DocumentPassage;
  coverage: number;
  rank: number;
}

function scorePassages(question: string, passages: DocumentPassage[]): Scored[] {
  const concepts = questionConcepts(question);
  if (concepts.length === 0 || passages.length === 0) return [];
  const stemsOf = passages.map((p) => new Set(words(p.text).map(stem)));
  const n = passages.length;
  // Rare words decide more than words found everywhere (every lease says "landlord").
  const weights = concepts.map((concept) => {
    const df = stemsOf.filter((stems) => conceptMatch(stems, concept) > 0).length;
    return Math.log((n + 1) / (df + 0.5)) + 1;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  const intents = intentsOf(question);
  return passages
    .map((passage, index) => {
      const stems = stemsOf[index] as Set<string>;
      const coverage =
        concepts.reduce((sum, concept, i) => sum + conceptMatch(stems, concept) * (weights[i] ?? 0), 0) / total;
      let bonus = 0;
      if (coverage > 0) {
        const text = passage.text;
        if (intents.has("time") && DEADLINES.some((p) => new RegExp(p.source, "i").test(text))) bonus += 0.15;
        if (intents.has("money") && new RegExp(MONEY.source, "i").test(text)) bonus += 0.1;
        if (intents.has("date") && new RegExp(DATE_PATTERN.source, "i").test(text)) bonus += 0.1;
        if (intents.has("who") && (new RegExp(TAGGED.source).test(text) || new RegExp(LABELLED.source).test(text)))
          bonus += 0.15;
      }
      return { index, passage, coverage, rank: coverage + bonus };
    })
    .filter((s) => s.coverage >= MIN_COVERAGE)
    .sort((a, b) => b.rank - a.rank || a.index - b.index);
}

/** The sentence of a passage that best answers the question, or the whole passage when it is short. */
function bestQuote(question: string, passage: DocumentPassage, passageIndex: number): Quote | null {
  const sentences = passageSentences(passage.text).map((text) => ({ passage, passageIndex, text }));
  if (sentences.length === 0) return null;
  const whole = passage.text.replace(/\s+/g, " ").trim();
  if (whole.length <= 320)
    return { sentence: { passage, passageIndex, text: whole }, text: whole, cutStart: false, cutEnd: false };
  const concepts = questionConcepts(question);
  const intents = intentsOf(question);
  let best: { sentence: Sentence; score: number } | null = null;
  for (const sentence of sentences) {
    const stems = new Set(words(sentence.text).map(stem));
    let score = concepts.reduce((sum, c) => sum + conceptMatch(stems, c), 0);
    if (intents.has("time") && DEADLINES.some((p) => new RegExp(p.source, "i").test(sentence.text))) score += 0.5;
    if (!best || score > best.score) best = { sentence, score };
  }
  const chosen = (best as { sentence: Sentence }).sentence;
  // Centre a long sentence on the first word the question asked about.
  const lower = chosen.text.toLowerCase();
  let at = 0;
  for (const concept of concepts) {
    const found = words(chosen.text).find((w) => sameStem(stem(w), concept.stem));
    if (found) {
      at = Math.max(0, lower.indexOf(found));
      break;
    }
  }
  return quoteAround(chosen, at, at, 300);
}

const MODAL = /\b(shall|must|will|agrees? to|is required to|are required to)(\s+not)?\b/gi;

/** One or two sentences saying what the quotation means for the question, in its own words. */
function restate(question: string, quote: Quote): string | null {
  const text = quote.text;
  const intents = intentsOf(question);
  const one: DeadlineFinding[] = [];
  for (const pattern of DEADLINES) {
    for (const match of text.matchAll(pattern)) {
      const phrase = match[0].replace(/\s+/g, " ").replace(/[\s,;:]+$/, "");
      if (!one.some((d) => match.index < d.end && match.index + phrase.length > d.start)) {
        one.push({
          phrase,
          days: null,
          sentence: quote.sentence,
          start: match.index,
          end: match.index + phrase.length,
        });
      }
    }
  }
  one.sort((a, b) => a.start - b.start);
  const deadline = one[0];
  if (intents.has("time") && deadline) {
    // Who must do what: the subject and verb before the time limit, when nothing else comes between.
    let modal: RegExpExecArray | null = null;
    for (const match of text.matchAll(MODAL)) if (match.index < deadline.start) modal = match as RegExpExecArray;
    if (modal) {
      const between = text.slice(modal.index + modal[0].length, deadline.start);
      const subject = text
        .slice(0, modal.index)
        .match(/(?:^|[,;:]\s*)((?:the\s+)?[A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*)?|[Yy]ou)\s*$/);
      const verb = between.split(/[,;(]/)[0]?.trim() ?? "";
      if (subject?.[1] && verb && !/\b(?:shall|must|will|may)\b/i.test(between) && verb.split(" ").length <= 12) {
        const who = subject[1].replace(/^the\s+/i, "");
        const mine = new RegExp(String.raw`\bmy\s+${who.toLowerCase()}\b`, "i").test(question);
        const person = /^you$/i.test(who) ? "you" : `${mine ? "your" : "the"} ${who.toLowerCase()}`;
        const must = modal[2] ? "must not" : "must";
        return `So ${plain(person)} ${must} ${plain(verb)} ${plain(deadline.phrase)}, going by this document's own words.`;
      }
    }
    return /notice\b/i.test(deadline.phrase)
      ? `So this passage calls for **${plain(deadline.phrase)}**, going by the document's own words.`
      : `So the time limit this passage gives is **${plain(deadline.phrase)}**.`;
  }
  if (intents.has("who")) {
    const named = findParties(new Document([{ ...quote.sentence.passage, text: quote.text }]), null).filter(
      (p) => p.role,
    );
    const asked = named.find((p) => new RegExp(String.raw`\b${p.role?.toLowerCase()}\b`).test(question.toLowerCase()));
    if (asked?.role) {
      const mine = new RegExp(String.raw`\bmy\s+${asked.role.toLowerCase()}\b`).test(question.toLowerCase());
      return `So, going by this passage, ${mine ? "your" : "the"} ${plain(asked.role.toLowerCase())} is **${plain(asked.name)}**.`;
    }
    if (named.length > 0) return `The parties this passage names are ${joinAnd(named.map(partyText))}.`;
  }
  if (intents.has("money")) {
    const amounts = [...text.matchAll(MONEY)].map((m) => plain(m[0]));
    if (amounts.length > 0) {
      return amounts.length === 1
        ? `So the amount this passage gives is **${amounts[0]}**.`
        : `The amounts this passage gives are ${joinAnd(amounts.slice(0, 4).map((a) => `**${a}**`))}.`;
    }
  }
  const dates = [...text.matchAll(DATE_PATTERN)].map((m) => plain(m[0]));
  if ((intents.has("time") || intents.has("date")) && dates.length > 0) {
    return dates.length === 1
      ? `The date this passage gives is **${dates[0]}**.`
      : `The dates this passage gives are ${joinAnd(dates.slice(0, 4).map((d) => `**${d}**`))}.`;
  }
  if (intents.has("time") && deadline) return `The time limit this passage gives is **${plain(deadline.phrase)}**.`;
  return null;
}

export function answerParts(question: string, passages: DocumentPassage[]): string[] | null {
  const scored = scorePassages(question, passages);
  const top = scored[0];
  if (!top) return null;
  const chosen = scored.filter((s) => s.rank >= top.rank * 0.6).slice(0, 3);
  const lines: string[] = [];
  let restated = false;
  chosen.forEach((s, i) => {
    const quote = bestQuote(question, s.passage, s.index);
    if (!quote) return;
    const where = `**${plain(cleanFileName(s.passage.document))}** (${plain(s.passage.location.replace(/\s+/g, " ").trim()).replace(/[()]/g, "")})`;
    lines.push(i === 0 ? `From ${where}:` : `Also relevant, from ${where}:`, "", blockquote(quote), "");
    if (!restated) {
      const sentence = restate(question, quote);
      if (sentence) {
        lines.push(sentence, "");
        restated = true;
      }
    }
  });
  if (lines.length === 0) return null;
  if (!restated) {
    lines.push(
      chosen.length > 1
        ? "These are the parts of your documents closest to your question. They may answer only part of it, so read them in full."
        : "This is the part of your documents closest to your question. It may answer only part of it, so read it in full.",
      "",
    );
  }
  while (lines.at(-1) === "") lines.pop();
  return lines;
}
