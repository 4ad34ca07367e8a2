/**
 * The offline assistant's reading of members' documents: a rule-based analysis of the extracted
 * text, and answers to questions taken from the passages themselves. Every quotation is a piece of
 * a passage's own text (whitespace collapsed), never rewritten. Deterministic: no randomness, no clock.
 */
import {
  ANALYSIS_HEADINGS,
  analysisTitle,
  cleanFileName,
  type DocumentPassage,
  type DocumentTask,
  escapeMarkdown,
  passageLabel,
} from "./document-analysis";

// ----- the text, in sentences -----

interface Sentence {
  passage: DocumentPassage;
  passageIndex: number;
  /** A piece of the passage's text with whitespace collapsed: what quotations are cut from. */
  text: string;
}

const ABBREVIATION =
  /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|sr|jr|st|ave|blvd|inc|corp|co|ltd|no|nos|vs|v|etc|e\.g|i\.e|u\.s|u\.s\.a|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|sec|art|para|p|pp|approx|dept|est|ft|sq|mo|yr|yrs|hrs|a\.m|p\.m|[a-z])\.$/i;

function isAllCaps(line: string): boolean {
  const letters = line.replace(/[^A-Za-z]/g, "");
  return letters.length >= 3 && letters === letters.toUpperCase();
}

/** A line that is a sentence on its own: a title, a heading, a greeting, a sign-off, a line to sign on. */
function standsAlone(line: string, afterSentenceEnd: boolean): boolean {
  if (isAllCaps(line) && line.length <= 120) return true;
  if (/_{3,}/.test(line)) return true;
  if (/^(?:dear\b.*|to whom it may concern)[,:]?$/i.test(line) && line.length <= 80) return true;
  if (
    /^(?:sincerely|regards|best regards|kind regards|yours truly|very truly yours|respectfully|best)(?: yours)?,?$/i.test(
      line,
    )
  )
    return true;
  return afterSentenceEnd && line.length <= 50 && !/[.!?,;]["”')\]]?$/.test(line);
}

/** Split one block of running text at full stops, not at abbreviations, initials or list numbers. */
function splitSentences(block: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const match of block.matchAll(/[.!?]["”')\]]*\s+(?=["“'‘(]?[A-Z0-9$])/g)) {
    const end = match.index + match[0].trimEnd().length;
    const piece = block.slice(from, end);
    if (match[0].startsWith(".") && !/[)"”'\]]$/.test(match[0].trimEnd())) {
      if (ABBREVIATION.test(piece)) continue;
      if (/^\s*(?:\d{1,3}|[IVXivx]{1,4}|[A-Za-z])\.$/.test(piece)) continue; // "1." or "B." opening a clause
    }
    const text = piece.trim();
    if (text) out.push(text);
    from = match.index + match[0].length;
  }
  const last = block.slice(from).trim();
  if (last) out.push(last);
  return out;
}

function passageSentences(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) blocks.push(current.join(" "));
    current = [];
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) {
      flush();
      continue;
    }
    const previous = current.at(-1);
    const afterEnd = previous === undefined || /[.!?:]["”')\]]?$/.test(previous);
    if (standsAlone(line, afterEnd)) {
      flush();
      blocks.push(line);
      continue;
    }
    current.push(line);
  }
  flush();
  return blocks.flatMap(splitSentences);
}

class Document {
  readonly sentences: Sentence[];
  readonly withDocument: boolean;
  readonly wordCount: number;

  constructor(
    readonly passages: DocumentPassage[],
    fileName?: string,
  ) {
    this.sentences = passages.flatMap((passage, passageIndex) =>
      passageSentences(passage.text).map((text) => ({ passage, passageIndex, text })),
    );
    const names = new Set(passages.map((p) => cleanFileName(p.document)));
    this.withDocument =
      names.size > 1 || (fileName !== undefined && names.size === 1 && !names.has(cleanFileName(fileName)));
    this.wordCount = this.sentences.reduce((n, s) => n + s.text.split(" ").length, 0);
  }

  /** Every match of a pattern, sentence by sentence, in reading order. */
  *matches(pattern: RegExp): Generator<{ sentence: Sentence; match: RegExpExecArray }> {
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    for (const sentence of this.sentences) {
      for (const match of sentence.text.matchAll(global)) yield { sentence, match: match as RegExpExecArray };
    }
  }

  first(pattern: RegExp): { sentence: Sentence; match: RegExpExecArray } | undefined {
    for (const found of this.matches(pattern)) return found;
    return undefined;
  }
}

// ----- quotations -----

interface Quote {
  sentence: Sentence;
  text: string;
  cutStart: boolean;
  cutEnd: boolean;
}

const QUOTE_LIMIT = 240;

/** The sentence holding a match, cut to about 240 characters around it at word boundaries. */
function quoteAround(sentence: Sentence, start: number, end: number, limit = QUOTE_LIMIT): Quote {
  const text = sentence.text;
  if (text.length <= limit) return { sentence, text, cutStart: false, cutEnd: false };
  let from: number;
  let to: number;
  if (end - start >= limit) {
    from = start;
    to = start + limit;
  } else {
    // Keep more after the match than before: conditions and exceptions follow the words they qualify.
    const spare = limit - (end - start);
    from = Math.max(0, start - Math.floor(spare / 3));
    to = Math.min(text.length, from + limit);
    from = Math.max(0, to - limit);
  }
  // Cut at spaces only: never inside a word (nor between a letter and its accent).
  if (from > 0 && text[from - 1] !== " ") {
    const next = text.indexOf(" ", from);
    from = next !== -1 && next < start ? next + 1 : text.lastIndexOf(" ", start) + 1;
  }
  if (to < text.length && text[to] !== " ") {
    const previous = text.lastIndexOf(" ", to);
    to = previous >= end && previous > from ? previous : text.indexOf(" ", Math.max(end, to));
    if (to === -1) to = text.length;
  }
  let piece = text.slice(from, to);
  const cutEnd = to < text.length;
  if (cutEnd) piece = piece.replace(/[,;:]+$/, "");
  return { sentence, text: piece.trim(), cutStart: from > 0, cutEnd };
}

function wholeSentence(sentence: Sentence): Quote {
  return quoteAround(sentence, 0, Math.min(sentence.text.length, QUOTE_LIMIT));
}

/** Document text shown outside quotation marks: no quotation marks of its own, no Markdown. */
function plain(text: string): string {
  return escapeMarkdown(text.replace(/["\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb]/g, "").replace(/\s+/g, " "), {
    underscores: false,
  }).trim();
}

function locationOf(doc: Document, sentence: Sentence): string {
  return plain(passageLabel(sentence.passage, doc.withDocument)).replace(/[()]/g, "");
}

/** A quotation in double quotes (curly ones when the words hold straight ones) with its location. */
function cite(doc: Document, quote: Quote): string {
  const body = `${quote.cutStart ? "…" : ""}${escapeMarkdown(quote.text)}${quote.cutEnd ? "…" : ""}`;
  const [open, close] = quote.text.includes('"') ? ["\u201c", "\u201d"] : ['"', '"'];
  return `${open}${body}${close} (${locationOf(doc, quote.sentence)})`;
}

/** A quotation as a blockquote line: escaped so that it cannot turn into a heading or a list. */
function blockquote(quote: Quote): string {
  const body = `${quote.cutStart ? "…" : ""}${escapeMarkdown(quote.text)}${quote.cutEnd ? "…" : ""}`;
  return `> ${body.replace(/^([#+-])(?=\s|$)/, "\\$1").replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2")}`;
}

// ----- what kind of document -----

interface Kind {
  id: string;
  name: string;
  purpose: string;
  /** Phrases that name the kind, as a title would. */
  strong: RegExp[];
  /** Words typical of the kind. */
  signals: RegExp[];
  /** Normally signed (and so expected to have signature lines). */
  signed: boolean;
  /** A catch-all kind: counts for less than a specific one. */
  fallback?: boolean;
}

const KINDS: Kind[] = [
  {
    id: "eviction",
    name: "an eviction notice (notice to quit)",
    purpose:
      "A notice like this is a landlord's written demand that a tenant pay, fix a problem or move out by a deadline. It is usually the step before a court case: in general only a court can order an eviction.",
    strong: [
      /\bnotice to (?:quit|vacate|pay rent or quit|cure or quit|perform (?:covenant )?or quit)\b/i,
      /\beviction notice\b|\bnotice of eviction\b/i,
      /\bnotice of (?:termination of (?:tenancy|lease)|default)\b/i,
      /\b(?:three|3|five|5|seven|7|ten|10|fourteen|14|thirty|30|sixty|60|ninety|90)[- ]day notice\b/i,
    ],
    signals: [
      /\bvacate\b/i,
      /\bpossession\b/i,
      /\btenan(?:t|cy)\b/i,
      /\bunlawful detainer\b/i,
      /\bpast due\b/i,
      /\bcourt\b/i,
    ],
    signed: false,
  },
  {
    id: "demand",
    name: "a demand letter",
    purpose:
      "A demand letter asks someone to pay money or do something by a deadline, and usually says what the sender will do if not (often going to court).",
    strong: [
      /\bdemand letter\b/i,
      /\bfinal (?:notice|demand)\b/i,
      /\bdemand for (?:payment|return)\b/i,
      /\bformal demand\b/i,
    ],
    signals: [
      /\bdemand\b/i,
      /\bpast due\b|\boverdue\b/i,
      /\bowe[sd]?\b|\boutstanding balance\b/i,
      /\blegal action\b/i,
      /\bsmall claims\b/i,
      /\bfailure to\b/i,
    ],
    signed: false,
  },
  {
    id: "severance",
    name: "a severance (separation) agreement",
    purpose:
      "A severance or separation agreement ends a job on agreed terms. The employer usually pays something extra, and in exchange the employee usually gives up (releases) legal claims against the employer.",
    strong: [
      /\bseverance (?:agreement|letter|pay|package|offer|payment|benefits?)\b/i,
      /\bseparation (?:agreement|and (?:general )?release)\b/i,
      /\b(?:general )?release of (?:all )?claims\b/i,
    ],
    signals: [
      /\bseverance\b/i,
      /\brelease\b/i,
      /\brevoke\b|\brevocation\b/i,
      /\bemployment\b/i,
      /\bseparation date\b/i,
      /\bage discrimination\b/i,
    ],
    signed: true,
  },
  {
    id: "termination",
    name: "a termination letter",
    purpose:
      "A termination letter tells an employee that their job is ending, and usually when and on what terms (final pay, benefits, returning company property).",
    strong: [
      /\bnotice of termination\b/i,
      /\btermination of (?:your )?employment\b/i,
      /\byour employment (?:with [^.]{1,60} )?(?:is|will be|has been|was) (?:terminated|ended|ending)\b/i,
      /\b(?:letter|notice) of (?:dismissal|termination)\b/i,
    ],
    signals: [
      /\bfinal paycheck\b|\bfinal pay\b/i,
      /\blast day of (?:work|employment)\b/i,
      /\bterminat\w*/i,
      /\bCOBRA\b/,
      /\bcompany property\b/i,
    ],
    signed: false,
  },
  {
    id: "will",
    name: "a last will and testament",
    purpose:
      "A will says who receives a person's property after their death, who manages the estate (the executor), and often who would care for minor children.",
    strong: [
      /\blast will and testament\b/i,
      /\bwill and testament\b/i,
      /\bthis (?:is )?my (?:last )?will\b/i,
      /\bcodicil\b/i,
    ],
    signals: [
      /\btestat(?:or|rix)\b/i,
      /\bexecut(?:or|rix)\b/i,
      /\bbequeath\w*/i,
      /\bdevise\w*/i,
      /\bsound mind\b/i,
      /\b(?:residue|rest|remainder) of my estate\b/i,
      /\bbeneficiar\w*/i,
      /\bguardian\b/i,
    ],
    signed: true,
  },
  {
    id: "poa",
    name: "a power of attorney",
    purpose:
      "A power of attorney lets one person (the principal) authorize another (the agent, or attorney-in-fact) to act for them, for example with money, property or health-care decisions.",
    strong: [/\b(?:durable |general |limited |special |financial |medical |health ?care )?power of attorney\b/i],
    signals: [/\battorney-in-fact\b/i, /\bprincipal\b/i, /\bagent\b/i, /\bincapacit\w*/i, /\bdurable\b/i],
    signed: true,
  },
  {
    id: "nda",
    name: "a non-disclosure (confidentiality) agreement",
    purpose: "A non-disclosure agreement limits what information one or both sides may share or use, and for how long.",
    strong: [/\bnon-?disclosure agreement\b/i, /\bconfidentiality agreement\b/i, /\bNDA\b/],
    signals: [/\bconfidential information\b/i, /\bdisclosing party\b/i, /\breceiving party\b/i, /\btrade secrets?\b/i],
    signed: true,
  },
  {
    id: "llc",
    name: "an LLC operating agreement or formation document",
    purpose:
      "LLC documents set out how a limited liability company is formed, owned and run: its members, their contributions, how profits are shared, who decides, and what happens when someone leaves.",
    strong: [/\boperating agreement\b/i, /\barticles of organi[sz]ation\b/i, /\bcertificate of formation\b/i],
    signals: [
      /\blimited liability company\b/i,
      /\bLLC\b/,
      /\bmembership interests?\b/i,
      /\bcapital contributions?\b/i,
      /\bregistered agent\b/i,
      /\bmembers?\b/i,
    ],
    signed: true,
  },
  {
    id: "loan",
    name: "a promissory note or loan agreement",
    purpose:
      "A promissory note or loan agreement records a debt: how much was borrowed, the interest, how and when it must be repaid, and what happens on default.",
    strong: [/\bpromissory note\b/i, /\bloan agreement\b/i, /\bnote payable\b/i],
    signals: [
      /\bborrower\b/i,
      /\blender\b/i,
      /\bfor value received\b/i,
      /\bpromises? to pay\b/i,
      /\bprincipal (?:sum|amount)\b/i,
      /\binstall?ments?\b/i,
      /\bdefault\b/i,
    ],
    signed: true,
  },
  {
    id: "purchase",
    name: "a purchase (sale) agreement",
    purpose:
      "A purchase or sale agreement sets the terms of buying and selling something: what is sold, the price, when it changes hands, and the conditions.",
    strong: [
      /\bpurchase (?:and sale )?agreement\b/i,
      /\bagreement of (?:purchase and )?sale\b/i,
      /\bsales? agreement\b/i,
      /\bbill of sale\b/i,
      /\bsales? contract\b/i,
    ],
    signals: [/\bbuyer\b/i, /\bseller\b/i, /\bpurchaser\b/i, /\bpurchase price\b/i, /\bclosing\b/i, /\bescrow\b/i],
    signed: true,
  },
  {
    id: "settlement",
    name: "a settlement agreement",
    purpose:
      "A settlement agreement resolves a dispute: one side usually pays or does something, and the other gives up (releases) claims, often without anyone admitting fault.",
    strong: [
      /\bsettlement agreement\b/i,
      /\bsettlement and (?:mutual )?release\b/i,
      /\bmutual release\b/i,
      /\bagreement to settle\b/i,
    ],
    signals: [
      /\bsettle\w*/i,
      /\bin full (?:and final )?(?:satisfaction|settlement)\b/i,
      /\bdispute\b/i,
      /\bno admission of\b/i,
      /\brelease\w*/i,
      /\bdismiss\w*/i,
    ],
    signed: true,
  },
  {
    id: "employment",
    name: "an employment agreement or job offer",
    purpose:
      "An employment agreement or offer letter sets out the job and its terms: pay, start date, duties, benefits, and how the job can end.",
    strong: [
      /\bemployment (?:agreement|contract)\b/i,
      /\boffer of employment\b|\bemployment offer\b|\boffer letter\b|\bjob offer\b/i,
      /\b(?:pleased|delighted|happy) to offer you\b/i,
    ],
    signals: [
      /\bemployer\b/i,
      /\bemployee\b/i,
      /\b(?:base |annual |starting )?salary\b/i,
      /\bposition\b/i,
      /\bstart date\b/i,
      /\bbenefits\b/i,
      /\bat[- ]will\b/i,
      /\bprobation\w*/i,
    ],
    signed: true,
  },
  {
    id: "lease",
    name: "a residential lease (rental agreement)",
    purpose:
      "A lease sets the terms for renting a home or other property: who rents it, for how long, the rent, the deposit, and what each side must do.",
    strong: [
      /\blease agreement\b/i,
      /\brental (?:agreement|contract)\b/i,
      /\b(?:residential|commercial|apartment|month-to-month) (?:lease|tenancy)\b/i,
      /\bthis lease\b/i,
    ],
    signals: [
      /\blandlord\b/i,
      /\btenant\b/i,
      /\blessor\b|\blessee\b/i,
      /\bpremises\b/i,
      /\brent\b/i,
      /\bsecurity deposit\b/i,
    ],
    signed: true,
  },
  {
    id: "contract",
    name: "a contract",
    purpose:
      "A contract records what each side has agreed to do. Its duties, payments, deadlines and ways to end it are what matter most.",
    strong: [
      /\b(?:this )?(?:agreement|contract) is (?:made|entered)\b/i,
      /\b(?:service|services|consulting|independent contractor|license|licensing|partnership|master|subscription) agreement\b/i,
      /\bagreement\b/i,
      /\bcontract\b/i,
    ],
    signals: [
      /\bthe parties\b/i,
      /\bin witness whereof\b/i,
      /\bwhereas\b/i,
      /\bhereby agrees?\b/i,
      /\bterms and conditions\b/i,
      /\bgoverning law\b/i,
      /\bentire agreement\b/i,
    ],
    signed: true,
    fallback: true,
  },
  {
    id: "letter",
    name: "a letter",
    purpose:
      "A letter sets out what the sender wants to tell or ask the reader. Any dates, amounts or requests in it are worth noting.",
    strong: [/^(?:dear\b|to whom it may concern\b)/i],
    signals: [/^(?:sincerely|regards|best regards|kind regards|yours truly|very truly yours|respectfully)\b/i, /^re:/i],
    signed: false,
    fallback: true,
  },
];

interface KindFinding {
  kind: Kind | null;
  evidence?: Quote;
  signalWords: string[];
}

function detectKind(doc: Document): KindFinding {
  // The opening lines, and any title-like line near the start, are where a document names itself.
  const head = new Set(doc.sentences.slice(0, 3));
  for (const sentence of doc.sentences.slice(0, 12)) if (isAllCaps(sentence.text)) head.add(sentence);
  let best: { kind: Kind; score: number; evidence?: Quote; signalWords: string[] } | null = null;
  for (const kind of KINDS) {
    let score = 0;
    let evidence: { quote: Quote; weight: number } | undefined;
    for (const pattern of kind.strong) {
      const found = [...doc.matches(pattern)];
      const inHead = found.find(({ sentence }) => head.has(sentence));
      const chosen = inHead ?? found[0];
      if (!chosen) continue;
      const weight = inHead ? 6 : 3;
      score += weight;
      if (!evidence || weight > evidence.weight) {
        const quote = quoteAround(chosen.sentence, chosen.match.index, chosen.match.index + chosen.match[0].length);
        evidence = { quote, weight };
      }
    }
    const signalWords: string[] = [];
    let signalEvidence: Quote | undefined;
    for (const pattern of kind.signals) {
      const found = doc.first(pattern);
      if (!found) continue;
      signalWords.push(found.match[0].toLowerCase());
      signalEvidence ??= quoteAround(found.sentence, found.match.index, found.match.index + found.match[0].length);
    }
    score += Math.min(signalWords.length, 5);
    if (kind.fallback) score /= 2;
    if (score >= 3 && (!best || score > best.score)) {
      const quote = evidence?.quote ?? signalEvidence;
      best = { kind, score, signalWords, ...(quote ? { evidence: quote } : {}) };
    }
  }
  if (!best) return { kind: null, signalWords: [] };
  return { kind: best.kind, signalWords: best.signalWords, ...(best.evidence ? { evidence: best.evidence } : {}) };
}

// ----- parties -----

interface Party {
  name: string;
  role?: string;
  sentence: Sentence;
  start: number;
  end: number;
}

const NAME_WORD = "[A-Z][A-Za-z'’.&-]*";
// A name starts a word: never in the middle of one.
const NAME = String.raw`(?<![A-Za-z'’&.-])${NAME_WORD}(?:\s+(?:(?:of|and|&|de|del|la|van|von|der|du)\s+)?${NAME_WORD}){0,5}(?:,?\s+(?:Inc|LLC|L\.L\.C|Corp|Co|Ltd|LP|LLP|PC|PLLC)\.?)?`;
const ROLE = String.raw`([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2})`;
const TAGGED = new RegExp(
  String.raw`(${NAME})\s*,?\s*(?:\((?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?|referred\s+to\s+as\s+(?:the\s+)?)?["“']${ROLE}["”']\)|,?\s*(?:hereinafter|herein)\s+(?:referred\s+to\s+as|called)\s+(?:the\s+)?["“]${ROLE}["”])`,
  "g",
);
const LABELLED = new RegExp(
  String.raw`\b(Landlord|Tenant|Lessor|Lessee|Employer|Employee|Company|Buyer|Seller|Purchaser|Borrower|Lender|Testator|Testatrix|Principal|Agent|Attorney-in-Fact|Executor|Executrix|Disclosing Party|Receiving Party|Member|Manager|Owner|Contractor|Client|Consultant|Guarantor|Resident|Recipient|Sender|From|To)(?:'s)?(?:\s+Name)?\s*:\s*(${NAME})`,
  "g",
);
const ROLE_FIRST = new RegExp(
  String.raw`\b(Landlord|Tenant|Lessor|Lessee|Employer|Employee|Buyer|Seller|Purchaser|Borrower|Lender|Principal|Agent|Executor|Guarantor|Contractor|Client|Owner),\s+(${NAME})\s*[,(]`,
  "g",
);
const BETWEEN = new RegExp(
  String.raw`\bbetween\s+(?:the\s+undersigned,?\s+)?(${NAME})(?:\s*,\s*(?:an?|the)\s[^,]{1,80},)?\s+and\s+(${NAME})`,
  "g",
);
const I_NAME = new RegExp(String.raw`(?:^|\s)I,\s+(${NAME}),`, "g");
// Case matters in names, so the words around them spell out both cases instead of using the i flag.
const APPOINT = new RegExp(
  String.raw`\b(?:[Aa]ppoint|[Nn]ominate|[Dd]esignate|[Nn]ame)s?\s+(?:my\s+[a-z-]+(?:\s+[a-z-]+)?,?\s+)?(${NAME}),?\s+(?:of\s+[A-Z][^,]{0,40},\s+)?as\s+(?:my\s+|the\s+)?((?:sole\s+|first\s+|alternate\s+|successor\s+|independent\s+)?(?:[Ee]xecut(?:or|rix)|[Pp]ersonal [Rr]epresentative|[Gg]uardian|[Tt]rustee|[Aa]gent|[Aa]ttorney-in-[Ff]act))\b`,
  "g",
);
const GIFT_TO = new RegExp(String.raw`\bto my\s+([a-z]+(?:-in-law)?),?\s+(${NAME})`, "g");
const DEAR = new RegExp(String.raw`^Dear\s+((?:(?:Mr|Mrs|Ms|Mx|Dr)\.?\s+)?${NAME})\s*[,:]?$`);
const SIGN_OFF =
  /^(?:sincerely|regards|best regards|kind regards|yours truly|very truly yours|respectfully)(?: yours)?,?$/i;
const NAME_ALONE = new RegExp(`^(${NAME})$`);
const EMPLOYED_WITH = new RegExp(String.raw`\b(?:employment|position|job|work)\s+with\s+(${NAME})`, "g");

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
const NOT_A_NAME = new RegExp(
  `^(?:the|this|that|these|those|a|an|any|each|all|such|said|your|you|our|we|us|i|it|he|she|they|his|her|their|my|if|in|on|at|by|for|to|of|and|or|no|not|please|dear|agreement|lease|contract|notice|page|section|date|signature|name|${MONTHS})$`,
  "i",
);
const ROLE_WORDS = new Set(
  "landlord tenant lessor lessee employer employee company buyer seller purchaser borrower lender testator testatrix principal agent executor executrix member manager owner contractor client consultant guarantor resident recipient sender party parties".split(
    " ",
  ),
);

function cleanName(raw: string): string | null {
  let name = raw
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:The|This)\s+/, "")
    .replace(/[,'’-]+$/, "");
  // A full stop ends the name unless it ends an abbreviation that belongs to it.
  if (name.endsWith(".") && !/\b(?:Inc|Corp|Co|Ltd|Jr|Sr|L\.L\.C|[A-Z])\.$/.test(name)) name = name.slice(0, -1);
  if (name.length < 2 || name.length > 60) return null;
  const words = name.split(" ");
  if (words.every((w) => NOT_A_NAME.test(w) || ROLE_WORDS.has(w.toLowerCase()))) return null;
  if (NOT_A_NAME.test(words[0] ?? "")) return null;
  return name;
}

function findParties(doc: Document, kind: Kind | null): Party[] {
  const parties: Party[] = [];
  const add = (raw: string, role: string | undefined, sentence: Sentence, at: { index: number; 0: string }) => {
    const name = cleanName(raw);
    if (!name) return;
    const existing = parties.find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      if (!existing.role && role) existing.role = role;
      return;
    }
    if (parties.length >= 8) return;
    parties.push({ name, ...(role ? { role } : {}), sentence, start: at.index, end: at.index + at[0].length });
  };
  for (const { sentence, match } of doc.matches(TAGGED)) {
    const role = (match[2] ?? match[3] ?? "").trim();
    if (role && !NOT_A_NAME.test(role)) add(match[1] ?? "", role, sentence, match);
  }
  for (const { sentence, match } of doc.matches(LABELLED)) {
    const label = match[1] ?? "";
    add(match[2] ?? "", label === "From" ? "Sender" : label === "To" ? "Recipient" : label, sentence, match);
  }
  for (const { sentence, match } of doc.matches(ROLE_FIRST)) add(match[2] ?? "", match[1], sentence, match);
  for (const { sentence, match } of doc.matches(BETWEEN)) {
    add(match[1] ?? "", undefined, sentence, match);
    add(match[2] ?? "", undefined, sentence, match);
  }
  const selfRole =
    kind?.id === "will" ? "Testator, the person making the will" : kind?.id === "poa" ? "Principal" : undefined;
  for (const { sentence, match } of doc.matches(I_NAME)) add(match[1] ?? "", selfRole ?? "the writer", sentence, match);
  for (const { sentence, match } of doc.matches(APPOINT)) {
    const role = (match[2] ?? "").replace(/\s+/g, " ");
    add(match[1] ?? "", role.charAt(0).toUpperCase() + role.slice(1), sentence, match);
  }
  if (kind?.id === "will") {
    for (const { sentence, match } of doc.matches(GIFT_TO))
      add(match[2] ?? "", `beneficiary, ${match[1]}`, sentence, match);
  }
  for (const { sentence, match } of doc.matches(EMPLOYED_WITH)) add(match[1] ?? "", "Employer", sentence, match);
  doc.sentences.forEach((sentence, index) => {
    const dear = sentence.text.match(DEAR);
    if (dear?.[1]) add(dear[1], "Recipient", sentence, { index: 0, 0: dear[0] });
    const next = doc.sentences[index + 1];
    if (SIGN_OFF.test(sentence.text) && next) {
      const alone = next.text.match(NAME_ALONE);
      if (alone?.[1] && alone[1].split(" ").length <= 4) add(alone[1], "Sender", next, { index: 0, 0: alone[0] });
    }
  });
  return parties;
}

/** Roles the document speaks of (the Employer, the Tenant) when it names no one. */
function findRoles(doc: Document): { roles: string[]; quote?: Quote } {
  const roles: string[] = [];
  let quote: Quote | undefined;
  const pattern =
    /\b(?:the\s+)?(Landlord|Tenant|Lessor|Lessee|Employer|Employee|Company|Buyer|Seller|Borrower|Lender|Testator|Principal|Agent|Executor|Disclosing Party|Receiving Party|Contractor|Client)\b/g;
  for (const { sentence, match } of doc.matches(pattern)) {
    const role = match[1] ?? "";
    if (!roles.includes(role)) roles.push(role);
    quote ??= quoteAround(sentence, match.index, match.index + match[0].length);
    if (roles.length >= 4) break;
  }
  return { roles, ...(quote ? { quote } : {}) };
}

// ----- dates -----

const MONTH = `(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
const ORDINAL_WORDS =
  "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-first|twenty-second|twenty-third|twenty-fourth|twenty-fifth|twenty-sixth|twenty-seventh|twenty-eighth|twenty-ninth|thirtieth|thirty-first";
const DATE = String.raw`(?:(?:\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORDS})\s+day\s+of\s+${MONTH},?(?:\s+\d{4})?|${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\.?,?\s+\d{4}|\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}-\d{1,2}-\d{4}|${MONTH}\s+\d{4})`;
const DATE_PATTERN = new RegExp(String.raw`\b${DATE}\b`, "gi");
const DATE_RANGE = new RegExp(
  String.raw`\b(?:from\s+|beginning\s+(?:on\s+)?|commencing\s+(?:on\s+)?)?(${DATE})\s*,?\s*(?:to|through|until|thru|-|–|—|and ending(?: on)?)\s+(${DATE})\b`,
  "gi",
);

interface DateFinding {
  text: string;
  label: string;
  sentence: Sentence;
  start: number;
  end: number;
}

const DATE_LABELS: [RegExp, string][] = [
  [/\b(?:made|dated|entered into|signed|executed|as of|effective)\b/gi, "when it was made or takes effect"],
  [/\b(?:begin\w*|commenc\w*|start\w*|from)\b/gi, "start"],
  [/\b(?:end|ends|ending|expir\w*|terminat\w*|until|through|last day)\b/gi, "end"],
  [/\b(?:due|by|before|no later than|deadline)\b/gi, "deadline"],
  [/\b(?:born|birth)\b/gi, "date of birth"],
];

function dateLabel(before: string): string {
  let best: { at: number; label: string } | null = null;
  for (const [pattern, label] of DATE_LABELS) {
    for (const match of before.matchAll(pattern)) {
      const at = match.index + match[0].length;
      if (!best || at > best.at) best = { at, label };
    }
  }
  return best?.label ?? "date mentioned";
}

function findDates(doc: Document): { ranges: DateFinding[]; dates: DateFinding[] } {
  const ranges: DateFinding[] = [];
  const covered = new Map<Sentence, [number, number][]>();
  for (const { sentence, match } of doc.matches(DATE_RANGE)) {
    const start = match.index;
    const end = start + match[0].length;
    ranges.push({ text: `${match[1]} to ${match[2]}`, label: "the term", sentence, start, end });
    covered.set(sentence, [...(covered.get(sentence) ?? []), [start, end]]);
  }
  const dates: DateFinding[] = [];
  const seen = new Set<string>();
  for (const { sentence, match } of doc.matches(DATE_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    if ((covered.get(sentence) ?? []).some(([a, b]) => start >= a && end <= b)) continue;
    const text = match[0].replace(/\s+/g, " ");
    const alone = sentence.text.replace(/[\s.,]+$/, "") === match[0];
    const label = alone ? "the document's date" : dateLabel(sentence.text.slice(Math.max(0, start - 60), start));
    const key = `${text.toLowerCase()}|${label}`;
    if (seen.has(key)) continue;
    seen.add(key);
    dates.push({ text, label, sentence, start, end });
  }
  const order = new Map(doc.sentences.map((s, i) => [s, i]));
  dates.sort((a, b) => (order.get(a.sentence) ?? 0) - (order.get(b.sentence) ?? 0) || a.start - b.start);
  return { ranges, dates };
}

// ----- money -----

interface MoneyFinding {
  amount: string;
  label: string;
  per: string;
  sentence: Sentence;
  start: number;
  end: number;
}

const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?`;
const MONEY = new RegExp(
  String.raw`\$\s?${NUMBER}(?:\s?(?:million|billion|thousand)\b)?|\bUSD\s?${NUMBER}\b|\b${NUMBER}\s+(?:dollars|USD)\b|\b\d{1,3}(?:\.\d+)?\s?(?:%|percent\b)`,
  "gi",
);

const MONEY_LABELS: [RegExp, string][] = [
  [/\bsecurity deposit\b|\bdeposit\b/gi, "security deposit"],
  [/\blate (?:fee|charge)s?\b/gi, "late fee"],
  [/\bpet (?:fee|deposit|rent)\b/gi, "pet fee"],
  [/\brent\b/gi, "rent"],
  [/\bseverance(?: pay(?:ment)?| package)?\b/gi, "severance pay"],
  [/\bbonus\b/gi, "bonus"],
  [/\b(?:salary|wages?|compensation|base pay|pay rate|hourly rate)\b/gi, "pay"],
  [/\bpurchase price\b|\bprice\b/gi, "price"],
  [/\binterest\b/gi, "interest"],
  [/\bprincipal\b|\bloan\b|\bborrow\w*/gi, "loan amount"],
  [/\bsettle\w*/gi, "settlement payment"],
  [/\bpenalt(?:y|ies)\b|\bliquidated damages\b/gi, "penalty"],
  [/\b(?:owe[sd]?|balance|outstanding|past due|unpaid|amount due)\b/gi, "amount owed"],
  [/\bfees?\b|\bcharges?\b/gi, "fee"],
  [/\bbequeath\w*|\bgive\b/gi, "gift"],
  [/\bpa(?:y|ys|id|yments?)\b|\binstall?ments?\b/gi, "payment"],
];

function moneyLabel(text: string, start: number, end: number): string {
  let best: { distance: number; label: string } | null = null;
  for (const [pattern, label] of MONEY_LABELS) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index;
      // Words before an amount usually name it; a word after it only when nothing before does.
      const distance = at < start ? start - (at + match[0].length) : at - end + 40;
      if (distance < 0 || distance > 120) continue;
      if (!best || distance < best.distance) best = { distance, label };
    }
  }
  return best?.label ?? "amount";
}

function findMoney(doc: Document): MoneyFinding[] {
  const found: MoneyFinding[] = [];
  const seen = new Set<string>();
  for (const { sentence, match } of doc.matches(MONEY)) {
    const start = match.index;
    const end = start + match[0].length;
    const amount = match[0].replace(/\s+/g, " ");
    const after = sentence.text.slice(end, end + 30);
    const perMatch = after.match(
      /^\s*(?:per|a|each|every)\s+(month|year|week|hour|day|annum)\b|^\s*(monthly|annually|yearly|weekly|bi-?weekly|hourly)\b/i,
    );
    const per = perMatch
      ? perMatch[1]
        ? ` per ${perMatch[1].toLowerCase() === "annum" ? "year" : perMatch[1].toLowerCase()}`
        : ` ${perMatch[2]?.toLowerCase()}`
      : "";
    const label = moneyLabel(sentence.text, start, end);
    const key = `${amount}|${label}|${sentence.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ amount, label, per, sentence, start, end });
  }
  return found;
}

// ----- deadlines, notice periods and duties -----

const NUM = String.raw`(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|thirty|forty(?:[- ]five)?|fifty|sixty|seventy|eighty|ninety|a|an)(?:\s*\(\d{1,3}\))?`;
const UNIT = String.raw`(?:business\s+|calendar\s+|working\s+|consecutive\s+)?(?:days?|weeks?|months?|years?|hours?)`;
/** The rest of a clause: up to a comma or full stop, or a conjunction that starts the next one. */
const TAIL = (max: number) => String.raw`(?:(?!\s(?:and|or|but|unless|if)\s)(?:[^,;.]|,\s?(?=\d{4}\b))){0,${max}}`;
const DEADLINES: RegExp[] = [
  new RegExp(
    String.raw`\bwithin\s+${NUM}\s*${UNIT}\b(?:\s+(?:after|of|from|following|before|prior to|upon)\b${TAIL(80)})?`,
    "gi",
  ),
  new RegExp(
    String.raw`\b${NUM}\s*[- ]?${UNIT}['’]?\s+(?:advance\s+|prior\s+|written\s+|advance written\s+|prior written\s+)?notice\b`,
    "gi",
  ),
  new RegExp(String.raw`\bno later than\s+\S${TAIL(60)}`, "gi"),
  new RegExp(String.raw`\bon or before\s+\S${TAIL(60)}`, "gi"),
  new RegExp(String.raw`\b(?:due|payable)\s+(?:on|by|before)\s+\S${TAIL(60)}`, "gi"),
  new RegExp(String.raw`\b(?:at least|not less than|no less than|a minimum of)\s+${NUM}\s*${UNIT}\b${TAIL(40)}`, "gi"),
  new RegExp(String.raw`\b${NUM}\s*[- ]?${UNIT}\s+(?:after|before|from|following|prior to)\b${TAIL(60)}`, "gi"),
  new RegExp(
    String.raw`\b${NUM}\s*${UNIT}\s+(?:to|in which to)\s+(?:consider|review|revoke|cure|respond|pay|vacate|move|appeal|accept|object|sign|reply|return)\b${TAIL(40)}`,
    "gi",
  ),
  new RegExp(String.raw`\bfor a (?:term|period) of\s+${NUM}\s*${UNIT}`, "gi"),
  new RegExp(String.raw`\bby\s+(?:${DATE}|the\s+(?:\d{1,2}(?:st|nd|rd|th)|end|last day)\b[^,;.]{0,30})`, "gi"),
];
const DUTY = /\b(?:shall|must|agrees? to|is required to|are required to|is responsible for|will be responsible for)\b/i;

interface DeadlineFinding {
  phrase: string;
  days: number | null;
  sentence: Sentence;
  start: number;
  end: number;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** How many days a phrase allows, when it says (for spotting very short deadlines). */
function daysIn(phrase: string): number | null {
  const match = phrase.match(
    new RegExp(
      String.raw`\b(${NUM})\s*[- ]?(?:business\s+|calendar\s+|working\s+|consecutive\s+)?(day|week|month|year|hour)s?\b`,
      "i",
    ),
  );
  if (!match) return null;
  const spoken = (match[1] ?? "").toLowerCase();
  const digits = spoken.match(/\d+/);
  let n: number;
  if (digits) n = Number(digits[0]);
  else {
    const [tens, ones] = spoken.split(/[- ]/);
    n = (NUMBER_WORDS[tens ?? ""] ?? 0) + (NUMBER_WORDS[ones ?? ""] ?? 0);
  }
  if (!n) return null;
  const unit = (match[2] ?? "").toLowerCase();
  return unit === "hour" ? n / 24 : unit === "week" ? n * 7 : unit === "month" ? n * 30 : unit === "year" ? n * 365 : n;
}

function findDeadlines(doc: Document): DeadlineFinding[] {
  const found: DeadlineFinding[] = [];
  for (const pattern of DEADLINES) {
    for (const { sentence, match } of doc.matches(pattern)) {
      const phrase = match[0].replace(/\s+/g, " ").replace(/[\s,;:]+$/, "");
      const start = match.index;
      const end = start + phrase.length;
      // The longest phrase wins where two patterns read the same words.
      const overlap = found.find((f) => f.sentence === sentence && start < f.end && end > f.start);
      if (overlap) {
        if (end - start > overlap.end - overlap.start)
          Object.assign(overlap, { phrase, start, end, days: daysIn(phrase) });
        continue;
      }
      found.push({ phrase, days: daysIn(phrase), sentence, start, end });
    }
  }
  const order = new Map(doc.sentences.map((s, i) => [s, i]));
  return found.sort((a, b) => (order.get(a.sentence) ?? 0) - (order.get(b.sentence) ?? 0) || a.start - b.start);
}

interface DutyFinding {
  who: string;
  sentence: Sentence;
  start: number;
  end: number;
}

function findDuties(doc: Document, skip: Set<Sentence>): DutyFinding[] {
  const duties: DutyFinding[] = [];
  for (const sentence of doc.sentences) {
    if (skip.has(sentence)) continue;
    const match = sentence.text.match(DUTY);
    if (!match || match.index === undefined) continue;
    const before = sentence.text.slice(0, match.index).trim();
    const subject = before.match(
      /(?:^|[,;:]\s*|\b(?:and|or|that|then)\s+)((?:the\s+)?[A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*)?|you|You|[Ee]ach party|[Bb]oth parties)$/,
    );
    const who = subject?.[1]?.replace(/^the\s+/i, "") ?? "";
    duties.push({
      who: who ? who.charAt(0).toUpperCase() + who.slice(1) : "",
      sentence,
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  // Duties with a named side first: they say who must do what.
  return duties.sort((a, b) => Number(!a.who) - Number(!b.who)).slice(0, 4);
}

// ----- potential issues -----

interface IssueRule {
  id: string;
  title: string;
  patterns: RegExp[];
  explain: string;
}

const ISSUES: IssueRule[] = [
  {
    id: "renewal",
    title: "Automatic renewal",
    patterns: [/\brenew(?:s|ed)?\s+automatically\b|\bautomatic(?:ally)?\s+renew\w*|\bauto-?renew\w*|\bevergreen\b/i],
    explain:
      "It continues for another term on its own unless someone gives notice in time. If you might want out, the notice deadline matters more than the end date.",
  },
  {
    id: "late-fees",
    title: "Late fees or penalties",
    patterns: [/\blate (?:fee|charge|payment (?:fee|charge))s?\b|\bpenalt(?:y|ies)\b|\bliquidated damages\b/i],
    explain:
      "Extra charges apply when a payment or duty is late or missed. Many states limit how large late fees and penalties can be; check the amount and when it starts.",
  },
  {
    id: "waiver",
    title: "Giving up rights or claims",
    patterns: [
      /\bwaive[sd]?\b|\bwaiver\b|\brelease[sd]?\b[^.]{0,40}\b(?:all|any)\b[^.]{0,20}\bclaims?\b|\bgives? up\b[^.]{0,30}\bright/i,
    ],
    explain:
      "Someone gives up a right or a legal claim. Once signed, a waiver or release can be hard to undo, so be sure what is given up and what is received in return.",
  },
  {
    id: "non-compete",
    title: "Non-compete or non-solicitation",
    patterns: [/\bnon-?compet\w*|\bnot\s+(?:to\s+)?compete\b|\bnon-?solicit\w*/i],
    explain:
      "It limits the work you can do, or the people you can approach, after the relationship ends. States treat these very differently, and some do not enforce most of them.",
  },
  {
    id: "indemnity",
    title: "Indemnification",
    patterns: [/\bindemnif\w*|\bhold\s+(?:\w+\s+){0,3}harmless\b/i],
    explain:
      "One side promises to cover the other's losses or legal costs in some situations, which can mean paying for claims it did not cause. Check who covers whom, and for what.",
  },
  {
    id: "as-is",
    title: "As-is condition",
    patterns: [
      /["“]as[- ]is["”]|\bAS[- ]IS\b|\bwith all faults\b/,
      /\bas[- ]is,?\s+(?:condition|basis|where[- ]is)\b|\bin (?:its|their) (?:present|current) condition\b/i,
    ],
    explain:
      "The property or item is accepted in its current state, usually without promises about defects. Inspect it carefully, and get any promised repairs in writing, before you commit.",
  },
  {
    id: "arbitration",
    title: "Arbitration or limits on going to court",
    patterns: [
      /\barbitrat\w*|\bwaive\w*\s+(?:the\s+|any\s+)?(?:right\s+to\s+(?:a\s+)?)?(?:trial by )?jury\b|\bclass[- ]action\b/i,
    ],
    explain:
      "Disputes go to a private arbitrator instead of a court, or court options are limited. Arbitration can be faster, but appeals are very limited and it may mean no jury and no class action.",
  },
  {
    id: "confidentiality",
    title: "Confidentiality",
    patterns: [/\bconfidential\w*|\bnon-?disparage\w*/i],
    explain:
      "Certain information must be kept private, sometimes including the agreement itself. Check what is covered, for how long, and whether it makes an exception for talking to a lawyer or a government agency.",
  },
  {
    id: "without-cause",
    title: "Ending without a reason",
    patterns: [
      /\bwithout cause\b|\bfor any reason or no reason\b|\bat[- ]will\b|\bwith or without (?:cause|notice)\b|\bat any time,? (?:and )?for any reason\b/i,
    ],
    explain:
      "One side can end the arrangement without giving a reason, sometimes without notice. Check how much notice is required and what happens to pay or money already paid.",
  },
  {
    id: "non-refundable",
    title: "Non-refundable money",
    patterns: [/\bnon-?refundable\b/i],
    explain:
      "Some money paid will not be returned. Some states limit non-refundable deposits and fees (for example in leases); check yours.",
  },
  {
    id: "legal-fees",
    title: "Paying the other side's legal costs",
    patterns: [/\battorney['’]?s['’]?\s+fees\b|\blegal fees\b|\bcosts of collection\b/i],
    explain:
      "One side may have to pay the other's lawyer fees in a dispute, which can make a disagreement much more expensive.",
  },
  {
    id: "liability",
    title: "Personal or shared liability",
    patterns: [/\bpersonal(?:ly)? guarant\w*|\bjointly and severally\b|\bguarantor\b/i],
    explain:
      "A person may be responsible for the whole amount, not just a share. Check who is liable, and for how much.",
  },
  {
    id: "limits",
    title: "Limits on responsibility",
    patterns: [/\blimitation of liability\b|\bshall not be (?:held )?(?:liable|responsible)\b|\bin no event shall\b/i],
    explain:
      "It limits what one side must pay or do if something goes wrong. Check whether the limit runs only one way.",
  },
  {
    id: "blanks",
    title: "Blanks not filled in",
    patterns: [/_{4,}|\[\s*(?:insert|name|date|amount|address)[^\]]*\]|\[\s*\]/i],
    explain:
      "Some blanks (names, dates, amounts or signature lines) are empty, at least in the text read. Make sure every blank that matters is filled in before anyone signs, and keep a copy of the signed version.",
  },
];

interface IssueFinding {
  id: string;
  title: string;
  explain: string;
  quote?: Quote;
}

const SIGNATURE = /\bsign(?:ed|ature|atures|s|ing)?\b|\bexecuted\b|\bwitness(?:es|ed)?\b|\/s\/|\bnotar\w*|_{3,}/i;

function findIssues(doc: Document, kind: Kind | null, deadlines: DeadlineFinding[], hasDates: boolean): IssueFinding[] {
  const issues: IssueFinding[] = [];
  for (const rule of ISSUES) {
    for (const pattern of rule.patterns) {
      const found = doc.first(pattern);
      if (!found) continue;
      const quote = quoteAround(found.sentence, found.match.index, found.match.index + found.match[0].length);
      issues.push({ id: rule.id, title: rule.title, explain: rule.explain, quote });
      break;
    }
  }
  const short = deadlines.find((d) => d.days !== null && d.days <= 3);
  if (short) {
    issues.push({
      id: "short-deadline",
      title: "A very short deadline",
      explain: `${short.days !== null && short.days < 1 ? "It allows less than a day." : `It allows only ${short.days} day${short.days === 1 ? "" : "s"}.`} A time limit this short is easy to miss: check exactly when the count starts, whether weekends and holidays count, and act early.`,
      quote: quoteAround(short.sentence, short.start, short.end),
    });
  }
  if (kind?.signed && doc.sentences.length > 0 && !doc.first(SIGNATURE)) {
    issues.push({
      id: "no-signature",
      title: "No signature lines found",
      explain: `A document like this is normally signed${kind.id === "will" || kind.id === "poa" ? ", and witnessed or notarized as your state requires" : ""}. This review found no signature lines in the text read; the scan may have missed them, so check the original.`,
    });
  }
  if (kind?.signed && !hasDates) {
    issues.push({
      id: "no-date",
      title: "No date found",
      explain:
        "This review found no date in the text read. An undated document can make it hard to prove when it was agreed or when deadlines start.",
    });
  }
  return issues;
}

// ----- the analysis -----

interface Findings {
  doc: Document;
  kind: KindFinding;
  parties: Party[];
  roles: { roles: string[]; quote?: Quote };
  ranges: DateFinding[];
  dates: DateFinding[];
  money: MoneyFinding[];
  deadlines: DeadlineFinding[];
  duties: DutyFinding[];
  issues: IssueFinding[];
}

function analyse(doc: Document): Findings {
  const kind = detectKind(doc);
  const parties = findParties(doc, kind.kind);
  const { ranges, dates } = findDates(doc);
  const money = findMoney(doc);
  const deadlines = findDeadlines(doc);
  const duties = findDuties(doc, new Set([...deadlines.map((d) => d.sentence), ...money.map((m) => m.sentence)]));
  const issues = findIssues(doc, kind.kind, deadlines, ranges.length + dates.length > 0);
  return {
    doc,
    kind,
    parties,
    roles: parties.length === 0 ? findRoles(doc) : { roles: [] },
    ranges,
    dates,
    money,
    deadlines,
    duties,
    issues,
  };
}

const LIST_LIMIT = 6;

function more(count: number, noun: string): string[] {
  return count > 0 ? [`- …and ${count} more ${noun}${count === 1 ? "" : "s"} in the document.`] : [];
}

function partyText(party: Party): string {
  return party.role ? `${plain(party.name)} (${plain(party.role)})` : plain(party.name);
}

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function typeSection(f: Findings): string[] {
  const { kind, evidence, signalWords } = f.kind;
  if (f.doc.sentences.length === 0) {
    return [
      "No text could be read from this file, so this review cannot say what kind of document it is. If it is a scan or a photo, a clearer, straight, well-lit image (or the original PDF or Word file) usually reads better.",
    ];
  }
  if (!kind) {
    const opening = f.doc.sentences[0];
    return [
      "The text does not clearly say what kind of document this is: it has no title or standard wording that this review recognizes, so it is treated simply as **a document**.",
      ...(opening ? ["", "It begins:", "", `> ${cite(f.doc, wholeSentence(opening))}`] : []),
    ];
  }
  const lines = [`This appears to be **${kind.name}**. ${kind.purpose}`];
  if (evidence) lines.push("", "What points to this:", "", `> ${cite(f.doc, evidence)}`);
  const words = [...new Set(signalWords.map(plain))].slice(0, 5);
  if (words.length > 1) lines.push("", `It also uses words typical of this kind of document: ${words.join(", ")}.`);
  return lines;
}

function termsSection(f: Findings): string[] {
  const { doc } = f;
  const lines: string[] = [];
  const group = (title: string, bullets: string[]) => {
    if (bullets.length > 0) lines.push(`**${title}**`, "", ...bullets, "");
  };

  // Parties named in the same sentence share one bullet and one quotation.
  const bySentence = new Map<Sentence, Party[]>();
  for (const party of f.parties) bySentence.set(party.sentence, [...(bySentence.get(party.sentence) ?? []), party]);
  const partyBullets = [...bySentence.entries()].slice(0, LIST_LIMIT).map(([sentence, parties]) => {
    const first = parties[0] as Party;
    const last = parties.at(-1) as Party;
    return `- ${joinAnd(parties.map(partyText))}: ${cite(doc, quoteAround(sentence, first.start, last.end))}`;
  });
  if (partyBullets.length === 0 && f.roles.roles.length > 0 && f.roles.quote) {
    partyBullets.push(
      `- The document names its sides by role only (${joinAnd(f.roles.roles.map(plain))}); this review found no names: ${cite(doc, f.roles.quote)}`,
    );
  }
  group("Parties", partyBullets);

  const dateItems = [...f.ranges, ...f.dates];
  group("Dates", [
    ...dateItems
      .slice(0, LIST_LIMIT)
      .map((d) => `- **${plain(d.text)}** (${d.label}): ${cite(doc, quoteAround(d.sentence, d.start, d.end))}`),
    ...more(dateItems.length - LIST_LIMIT, "date"),
  ]);

  group("Money", [
    ...f.money
      .slice(0, LIST_LIMIT)
      .map(
        (m) => `- **${plain(m.amount)}${m.per}** (${m.label}): ${cite(doc, quoteAround(m.sentence, m.start, m.end))}`,
      ),
    ...more(f.money.length - LIST_LIMIT, "amount"),
  ]);

  group("Deadlines and notice periods", [
    ...f.deadlines
      .slice(0, LIST_LIMIT)
      .map((d) => `- **${plain(d.phrase)}**: ${cite(doc, quoteAround(d.sentence, d.start, d.end))}`),
    ...more(f.deadlines.length - LIST_LIMIT, "time limit"),
  ]);

  group(
    "Other duties",
    f.duties.map((d) => `- ${d.who ? `${plain(d.who)}: ` : ""}${cite(doc, quoteAround(d.sentence, d.start, d.end))}`),
  );

  if (lines.length === 0) {
    return [
      doc.sentences.length === 0
        ? "There is no text to take terms from."
        : "This review found no named parties, dates, money amounts, deadlines or duties in the text it could read. That may be because the document has none, or because parts of it were not read clearly.",
    ];
  }
  while (lines.at(-1) === "") lines.pop();
  return lines;
}

const NOT_CHECKED = [
  "Whether the terms are allowed under your state's law: some terms in documents like this are not enforceable.",
  "Anything agreed outside this document, such as e-mails, texts or spoken promises.",
  "Handwriting, stamps, and pages or parts of pages that were not read clearly.",
  "Whether the names, numbers and dates are right for your situation.",
];

function issuesSection(f: Findings): string[] {
  const { doc } = f;
  if (doc.sentences.length === 0) return ["With no text to read, this review could not look for problem terms."];
  const lines = f.issues.map(
    (issue) => `- **${issue.title}.** ${issue.quote ? `${cite(doc, issue.quote)}. ` : ""}${issue.explain}`,
  );
  if (lines.length === 0) {
    return [
      "This review did not find any of the common warning signs it looks for: automatic renewal, late fees or penalties, giving up rights, non-compete terms, indemnification, as-is terms, arbitration, confidentiality, ending without cause, non-refundable money, blank lines, or very short deadlines.",
      "",
      "Things this review could not check:",
      "",
      ...NOT_CHECKED.map((item) => `- ${item}`),
    ];
  }
  return [
    ...lines,
    "",
    "This review looks for common warning signs only. It could not check whether these terms are allowed under your state's law, or anything agreed outside the document.",
  ];
}

const MONEY_PHRASES: Record<string, (amount: string) => string> = {
  rent: (a) => `rent of ${a}`,
  "security deposit": (a) => `a security deposit of ${a}`,
  "late fee": (a) => `a late fee of ${a}`,
  "pet fee": (a) => `a pet fee of ${a}`,
  "severance pay": (a) => `severance pay of ${a}`,
  bonus: (a) => `a bonus of ${a}`,
  pay: (a) => `pay of ${a}`,
  price: (a) => `a price of ${a}`,
  interest: (a) => `interest of ${a}`,
  "loan amount": (a) => `a loan amount of ${a}`,
  "settlement payment": (a) => `a settlement payment of ${a}`,
  penalty: (a) => `a penalty of ${a}`,
  "amount owed": (a) => `an amount owed of ${a}`,
  fee: (a) => `a fee of ${a}`,
  gift: (a) => `a gift of ${a}`,
  payment: (a) => `a payment of ${a}`,
};

function summarySection(f: Findings, fileName: string): string[] {
  const { doc } = f;
  if (doc.sentences.length === 0) {
    return [
      `No text could be read from ${plain(fileName)}, so there is nothing to summarize. This review cannot tell what the file says. If you can, upload a clearer copy or the original file.`,
    ];
  }
  const sentences: string[] = [];
  const kind = f.kind.kind;
  const named = f.parties.filter((p) => p.role && !/^the writer$/.test(p.role)).slice(0, 3);
  const parties = named.length >= 1 ? named : f.parties.slice(0, 2);
  let first = kind ? `This appears to be ${kind.name}` : "This review could not tell what kind of document this is";
  if (parties.length > 0) first += `${kind ? "" : ";"} involving ${joinAnd(parties.map(partyText))}`;
  const made = f.dates.find((d) => d.label === "when it was made or takes effect" || d.label === "the document's date");
  if (made) first += `, dated ${/\bday of\b/i.test(made.text) ? "the " : ""}${plain(made.text)}`;
  sentences.push(`${first}.`);

  const seen = new Set<string>();
  const amounts = f.money
    .filter((m) => {
      const key = m.label === "amount" ? m.amount : m.label;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 3)
    .map((m) => {
      const amount = `${plain(m.amount)}${m.per}`;
      return (MONEY_PHRASES[m.label] ?? ((a: string) => `an amount of ${a}`))(amount);
    });
  if (amounts.length > 0) sentences.push(`It mentions ${joinAnd(amounts)}.`);

  const range = f.ranges[0];
  if (range) sentences.push(`It covers the period from ${plain(range.text)}.`);
  else {
    const others = f.dates.filter((d) => d !== made).slice(0, 3);
    if (others.length > 0) sentences.push(`Dates in it include ${joinAnd(others.map((d) => plain(d.text)))}.`);
  }

  if (f.deadlines.length > 0) {
    sentences.push(`Time limits to note: ${joinAnd(f.deadlines.slice(0, 3).map((d) => plain(d.phrase)))}.`);
  }
  const flagged = f.issues.filter((i) => i.quote).slice(0, 4);
  if (flagged.length > 0 && sentences.length < 5) {
    sentences.push(`Points worth a closer look: ${joinAnd(flagged.map((i) => i.title.toLowerCase()))}.`);
  }
  if (sentences.length < 3) {
    sentences.push(
      `The text read from the file is about ${doc.wordCount} word${doc.wordCount === 1 ? "" : "s"} long, in ${doc.passages.length} passage${doc.passages.length === 1 ? "" : "s"}.`,
    );
  }
  if (sentences.length < 3) {
    sentences.push(
      "This review found no amounts, dates or deadlines in it, so read the full text for anything it may have missed.",
    );
  }
  return [sentences.slice(0, 5).join(" ")];
}

function recommendationsSection(f: Findings): string[] {
  const kind = f.kind.kind?.id;
  const has = (id: string) => f.issues.some((i) => i.id === id);
  const steps: string[] = [
    "Keep a copy of this document (and of the signed version, if there is one) with your case records.",
  ];
  if (f.doc.sentences.length === 0) {
    steps.push("Upload a clearer copy, or the original PDF or Word file, so the text can be read.");
  }
  for (const deadline of f.deadlines.slice(0, 3)) {
    const phrase = `**${plain(deadline.phrase)}** (${locationOf(f.doc, deadline.sentence)})`;
    if (/\bnotice\b/i.test(deadline.phrase))
      steps.push(`Work out the last day to give ${phrase} and put it on your calendar.`);
    else if (/\b(?:within|after|before|from|following|prior to|to)\b/i.test(deadline.phrase))
      steps.push(`Note ${phrase} on your calendar, counting from the event it names, and keep proof of that date.`);
    else steps.push(`Note ${phrase} on your calendar.`);
  }
  if (has("renewal"))
    steps.push(
      "Note the last day to give notice if you might not want it to renew, and give any notice in writing, keeping proof of when you sent it.",
    );
  if (kind === "lease" && f.money.some((m) => m.label === "security deposit")) {
    steps.push(
      "Check your state's security-deposit rules (how long the landlord has to return it and itemize deductions), and take dated photos at move-in and move-out.",
    );
  }
  if (has("late-fees"))
    steps.push(
      "Check your state's rules on late fees and penalties; many states cap them or require them to be reasonable.",
    );
  if (kind === "eviction") {
    steps.push(
      "Do not ignore the notice: it is not a court order, but its deadline matters. Contact local legal aid or a tenant-rights group quickly, and respond to any court papers by their deadline.",
    );
  }
  if (kind === "demand")
    steps.push(
      "Answer in writing by the deadline, even if you disagree, and keep copies of everything you send and receive.",
    );
  if (kind === "severance" || (has("waiver") && (kind === "employment" || kind === "termination"))) {
    steps.push(
      "Before signing a release, check exactly which claims you give up and how long you have to decide. If you are 40 or older, federal law generally gives you at least 21 days to consider a release of age claims and 7 days to revoke it after signing.",
    );
  }
  if (kind === "termination")
    steps.push(
      "Ask in writing for your final pay date, unused vacation or paid time off, and how to continue health coverage; check your state's final-paycheck deadline.",
    );
  if (has("non-compete"))
    steps.push("Check whether your state limits non-compete agreements; some states do not enforce most of them.");
  if (has("arbitration"))
    steps.push("Check whether you can opt out of arbitration, and by when; an opt-out usually has to be in writing.");
  if (kind === "will")
    steps.push(
      "Check your state's signing rules for wills (usually two adult witnesses who do not inherit under it; a notarized self-proving affidavit helps), and review it after major life changes.",
    );
  if (kind === "poa")
    steps.push(
      "Make sure it says when it takes effect and whether it continues if the principal becomes unable to decide (a durable power of attorney), and give a copy to whoever will rely on it.",
    );
  if (kind === "loan")
    steps.push("Check the interest rate against your state's limits, and keep a record of every payment.");
  if (kind === "purchase" || has("as-is"))
    steps.push("Inspect before you commit, and get any promised repairs or conditions written into the document.");
  if (has("blanks") || has("no-signature") || has("no-date"))
    steps.push("Make sure every blank, signature and date is completed before anyone relies on it.");
  if (f.kind.kind?.signed && kind !== "will" && kind !== "poa") {
    steps.push(
      "If anything you were promised is not in the document, ask for it in writing before you sign or rely on it.",
    );
  }
  const stakes: string[] = [];
  if (f.money.some((m) => Number(m.amount.replace(/[^\d.]/g, "")) >= 10_000 && !m.amount.includes("%")))
    stakes.push("large sums");
  if (kind === "severance" || kind === "settlement" || has("waiver")) stakes.push("giving up claims");
  if (kind === "eviction") stakes.push("losing your home");
  if (kind === "will") stakes.push("what happens to an estate");
  if (kind === "poa") stakes.push("who decides about money or health care");
  if (has("non-compete")) stakes.push("limits on future work");
  steps.push(
    stakes.length > 0
      ? `Consider having a licensed attorney in your state review it before you act: the stakes here include ${joinAnd(stakes)}. Legal aid or your state bar's lawyer referral service can help you find one.`
      : "Consider a licensed attorney in your state if the stakes are high for you (large sums, signing away rights, a court date). Legal aid or your state bar's lawyer referral service can help you find one.",
  );
  return [...steps.map((s) => `- ${s}`), "", DOCUMENT_CLOSING];
}

const DOCUMENT_CLOSING =
  "*This analysis is general legal information from LawGuide's offline assistant, based only on the text read from your file. It is not legal advice. Laws vary by state; a licensed attorney in your state can advise on your situation.*";

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

// ----- answering from passages -----

const STOPWORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves " +
    "can cannot won don doesn didn isn aren wasn weren haven hasn couldn wouldn shouldn must shall may might need needs want wants tell say says said mean means meaning happen happens know get gets got go going make made let lets please thanks thank hi hello okay ok also ever still really actually anything something everything " +
    "document documents file files paper papers contract agreement letter form upload uploaded attached attach read review reviewed analyse analyze analysis summarize summarise summary check look explain help think thought question questions"
  ).split(" "),
);

/** Words of a question that ask for a kind of answer rather than a subject. */
const INTENTS: [RegExp, "time" | "money" | "date" | "who"][] = [
  [
    /\b(?:when|how long|how soon|how many (?:days|weeks|months)|deadline|by when|time limit|how much time|how much notice|notice period)\b/i,
    "time",
  ],
  [/\b(?:how much|cost|costs|amount|price|owe|fee|fees|pay|paid|salary|rent)\b/i, "money"],
  [/\b(?:what date|which date|what day|start|end|expire|begin)\b/i, "date"],
  [/\b(?:who|whom|which party|parties)\b/i, "who"],
];

/** Words that only say what kind of answer is wanted (a time, an amount, a person). */
const INTENT_WORDS = new Set(
  "when how long soon much many who whom which time date day days deadline deadlines".split(" "),
);

const SYNONYMS: Record<string, string[]> = {
  return: ["refund", "repay"],
  refund: ["return", "repay"],
  quit: ["terminate", "vacate", "end", "notice"],
  leave: ["terminate", "vacate", "notice", "end"],
  cancel: ["terminate", "end", "notice"],
  end: ["terminate", "expire", "termination", "term"],
  terminate: ["end", "cancel", "dismiss"],
  fire: ["terminate", "dismiss", "separation"],
  pay: ["rent", "payment", "paid", "due", "fee", "amount", "salary"],
  paid: ["pay", "payment"],
  owe: ["due", "pay", "balance", "amount"],
  cost: ["fee", "price", "amount", "rent"],
  price: ["cost", "purchase"],
  deposit: ["security"],
  landlord: ["lessor", "owner"],
  tenant: ["lessee", "renter", "resident"],
  renter: ["tenant", "lessee"],
  boss: ["employer", "company", "supervisor", "manager"],
  employer: ["company"],
  company: ["employer"],
  job: ["employment", "position", "work"],
  work: ["employment", "job"],
  salary: ["pay", "wage", "compensation"],
  wage: ["pay", "salary", "compensation"],
  repair: ["fix", "maintain", "maintenance"],
  fix: ["repair", "maintain"],
  pet: ["animal", "dog", "cat"],
  dog: ["pet", "animal"],
  cat: ["pet", "animal"],
  rent: ["payment", "pay"],
  late: ["fee", "overdue"],
  renew: ["extend", "extension", "renewal"],
  notice: ["notify", "notification"],
  inherit: ["beneficiary", "give", "bequeath", "devise", "receive"],
  sign: ["signature", "execute", "witness"],
  evict: ["terminate", "vacate", "quit", "possession", "eviction"],
  severance: ["separation"],
  sue: ["claim", "lawsuit", "court", "arbitration"],
  house: ["home", "property", "residence", "premises"],
  home: ["house", "property", "residence", "premises"],
  apartment: ["premises", "unit", "property"],
};

/** Phrases that stand for one idea (or two): each list is one idea, its first word the main one. */
const PHRASES: [RegExp, string[][]][] = [
  [
    /\b(?:give|giving|gave|get|getting|got|pay|paying|paid)\s+((?:\w+\s+){0,3})back\b/i,
    [["return", "refund", "repay"]],
  ],
  [/\bmov(?:e|ing)\s+out\b/i, [["vacate", "terminate", "move", "leave", "notice"]]],
  [/\b(?:let go|laid off|lay off|fired|fire me)\b/i, [["terminate", "dismiss", "separation", "fire", "end"]]],
  [
    /\bbreak(?:ing)?\s+(?:the|my|this|our)\s+(lease|contract|agreement)\b/i,
    [["terminate", "end", "cancel", "notice", "early", "break"], ["lease"]],
  ],
];

/** A light stemmer: enough that deposit/deposits, return/returned and vacate/vacates meet. */
function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s?$/, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/.test(w)) {
    // keep: business, status, basis
  } else if (/(?:s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s")) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  if (w.length > 6 && w.endsWith("ion")) w = w.slice(0, -3);
  if (w.length > 5 && w.endsWith("ly")) w = w.slice(0, -2);
  if (w.length > 5 && w.endsWith("al")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  if (/([bdfgmnprt])\1$/.test(w) && w.length > 4) w = w.slice(0, -1);
  return w;
}

const STEMMED_SYNONYMS = new Map(Object.entries(SYNONYMS).map(([word, others]) => [stem(word), others.map(stem)]));

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? [];
}

interface Concept {
  /** The question's own word, stemmed. */
  stem: string;
  /** Words that mean much the same, stemmed: they count for a little less. */
  related: string[];
}

function questionConcepts(question: string): Concept[] {
  const concepts: Concept[] = [];
  const addConcept = (main: string, related: string[]) => {
    if (concepts.some((c) => c.stem === main)) return;
    concepts.push({ stem: main, related: related.filter((r) => r !== main) });
  };
  let rest = question;
  for (const [pattern, meaning] of PHRASES) {
    if (!pattern.test(rest)) continue;
    // Words inside a phrase (get my deposit back) still count on their own.
    rest = rest.replace(
      pattern,
      (_, inside?: string) =>
        ` ${typeof inside === "string" && !/^(?:lease|contract|agreement)$/i.test(inside) ? inside : ""} `,
    );
    for (const idea of meaning) {
      const [main, ...related] = idea.map(stem);
      if (main) addConcept(main, related);
    }
  }
  for (const word of words(rest)) {
    const bare = word.replace(/['’].*$/, "");
    if (STOPWORDS.has(bare) || INTENT_WORDS.has(bare) || bare.length < 2) continue;
    const s = stem(bare);
    addConcept(s, STEMMED_SYNONYMS.get(s) ?? []);
  }
  return concepts;
}

function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  // A shared beginning of five letters or more (employ, employer, employment) counts as the same word.
  return a.length >= 5 && b.length >= 5 && (a.startsWith(b) || b.startsWith(a));
}

function contains(stems: Set<string>, wanted: string): boolean {
  if (stems.has(wanted)) return true;
  for (const s of stems) if (sameStem(s, wanted)) return true;
  return false;
}

/** How strongly a text matches a concept: 1 for the question's own word, 0.7 for a related one. */
function conceptMatch(stems: Set<string>, concept: Concept): number {
  if (contains(stems, concept.stem)) return 1;
  return concept.related.some((r) => contains(stems, r)) ? 0.7 : 0;
}

const MIN_COVERAGE = 0.5;

interface Scored {
  index: number;
  passage: DocumentPassage;
  coverage: number;
  rank: number;
}

function intentsOf(question: string): Set<string> {
  return new Set(INTENTS.filter(([pattern]) => pattern.test(question)).map(([, intent]) => intent));
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

function answerParts(question: string, passages: DocumentPassage[]): string[] | null {
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

/**
 * An answer to a question from the case's passages: the best one to three quoted word for word,
 * with the document and location, and what they say in the question's terms. Null when no passage
 * matches the question well enough.
 */
export function offlineAnswerFromPassages(question: string, passages: DocumentPassage[]): string | null {
  const lines = answerParts(question, passages);
  return lines ? [...lines, "", ANSWER_CLOSING].join("\n") : null;
}
