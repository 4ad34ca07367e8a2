/** Answers to a question from the passages that match it, quoted word for word. */
import { cleanFileName, type DocumentPassage } from "../document-analysis";
import { DATE_PATTERN } from "./dates";
import { DEADLINES, type DeadlineFinding, wholePhrase } from "./deadlines";
import { dutyAt, speakersOf } from "./duties";
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

/** A text's words for comparing quotations: letters and digits, in lower case. */
function wordKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Whether two sentences say the same thing: the same words, one inside the other (a passage that
 * overlaps another), or nearly all words shared (the same page read twice, by OCR and from a PDF).
 */
export function sameWords(a: string, b: string): boolean {
  const x = wordKey(a);
  const y = wordKey(b);
  if (!x || !y) return false;
  if (x === y) return true;
  if (Math.min(x.length, y.length) >= 20 && (x.includes(y) || y.includes(x))) return true;
  const xs = new Set(x.split(" "));
  const ys = new Set(y.split(" "));
  if (xs.size < 6 || ys.size < 6) return false;
  let common = 0;
  for (const word of xs) if (ys.has(word)) common++;
  return common / (xs.size + ys.size - common) >= 0.85;
}

/**
 * The sentence of a passage that best answers the question, or the whole passage when it is short;
 * never a sentence already quoted (`quoted`). Null when the passage has nothing new to quote.
 */
function bestQuote(question: string, passage: DocumentPassage, passageIndex: number, quoted: string[]): Quote | null {
  const all = passageSentences(passage.text).map((text) => ({ passage, passageIndex, text }));
  const sentences = all.filter((s) => !quoted.some((q) => sameWords(q, s.text)));
  if (sentences.length === 0) return null;
  const whole = passage.text.replace(/\s+/g, " ").trim();
  if (whole.length <= 320 && sentences.length === all.length)
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
  // What is left of a passage partly quoted already must still bear on the question.
  if (!best || (sentences.length < all.length && best.score === 0)) return null;
  const chosen = best.sentence;
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

/** The sentence of a quotation that holds a position of it, with where that sentence starts. */
function sentenceAround(quote: Quote, at: number): { sentence: Sentence; offset: number } | null {
  let from = 0;
  for (const text of passageSentences(quote.text)) {
    const offset = quote.text.indexOf(text, from);
    if (offset === -1) continue;
    from = offset + text.length;
    if (at >= offset && at < offset + text.length) return { sentence: { ...quote.sentence, text }, offset };
  }
  return null;
}

/** The roles the member calls their own ("my landlord"): said "your landlord" back. */
function rolesOfMember(question: string): Set<string> {
  return new Set([...question.toLowerCase().matchAll(/\bmy\s+([a-z-]+)/g)].map((m) => (m[1] ?? "").replace(/s$/, "")));
}

/** One or two sentences saying what the quotation means for the question, in its own words. */
function restate(question: string, quote: Quote): string | null {
  const text = quote.text;
  const intents = intentsOf(question);
  const one: DeadlineFinding[] = [];
  for (const pattern of DEADLINES) {
    for (const match of text.matchAll(pattern)) {
      const phrase = wholePhrase(text, match.index, match[0]).replace(/\s+/g, " ");
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
    // Whose time limit it is: the subject of its own sentence, said in the third person (or "your
    // landlord" when the member said "my landlord"); never the member unless the member said so.
    const sentence = sentenceAround(quote, deadline.start);
    if (sentence) {
      const doc = new Document([{ ...quote.sentence.passage, text }]);
      const speakers = speakersOf(findParties(doc, null), undefined, rolesOfMember(question));
      const at = { start: deadline.start - sentence.offset, end: deadline.end - sentence.offset };
      const duty = dutyAt(sentence.sentence, at, speakers, { bold: false });
      if (duty.party) {
        const said = duty.statement.charAt(0).toLowerCase() + duty.statement.slice(1);
        return `So ${said}, going by this document's own words.`;
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

const MAX_QUOTES = 3;

/**
 * The answer's lines: the best one to three passages, each quoted once. A passage holding only
 * sentences already quoted (the same file uploaded twice, or overlapping passages) is not quoted
 * again: where it is the same passage in another file, the answer says where else it stands.
 */
export function answerParts(
  question: string,
  passages: DocumentPassage[],
  ruling: string | null = null,
): string[] | null {
  const scored = scorePassages(question, passages);
  const top = scored[0];
  if (!top) return null;
  const whereOf = (passage: DocumentPassage) =>
    `**${plain(cleanFileName(passage.document))}** (${plain(passage.location.replace(/\s+/g, " ").trim()).replace(/[()]/g, "")})`;
  const shown: { where: string; quote: Quote; passage: DocumentPassage; alsoIn: string[] }[] = [];
  const quoted: string[] = [];
  for (const s of scored) {
    if (s.rank < top.rank * 0.6 || shown.length >= MAX_QUOTES) break;
    const quote = bestQuote(question, s.passage, s.index, quoted);
    if (!quote) {
      const same = shown.find(
        (q) => sameWords(q.passage.text, s.passage.text) && q.passage.document !== s.passage.document,
      );
      const where = whereOf(s.passage);
      if (same && !same.alsoIn.includes(where) && same.where !== where) same.alsoIn.push(where);
      continue;
    }
    quoted.push(...passageSentences(quote.text));
    shown.push({ where: whereOf(s.passage), quote, passage: s.passage, alsoIn: [] });
  }
  if (shown.length === 0) return null;
  const lines: string[] = [];
  // Asked whether it is allowed: the rule (or that none is known) answers, not the passage's own words.
  let restated = ruling !== null;
  shown.forEach(({ where, quote, alsoIn }, i) => {
    lines.push(i === 0 ? `From ${where}:` : `Also relevant, from ${where}:`, "", blockquote(quote), "");
    if (alsoIn.length > 0) lines.push(`The same words are also in ${joinAnd(alsoIn)}.`, "");
    if (!restated) {
      const sentence = restate(question, quote);
      if (sentence) {
        lines.push(sentence, "");
        restated = true;
      }
    }
  });
  if (ruling) lines.push(ruling, "");
  if (!restated) {
    lines.push(
      shown.length > 1
        ? "These are the parts of your documents closest to your question. They may answer only part of it, so read them in full."
        : "This is the part of your documents closest to your question. It may answer only part of it, so read it in full.",
      "",
    );
  }
  while (lines.at(-1) === "") lines.pop();
  return lines;
}
