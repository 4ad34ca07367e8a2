/**
 * What kind of document a file is (a lease, a will, a notice to vacate...), from the words it uses
 * to name itself: its title and headings count most, its opening lines next, and the rest of its text
 * least. Words typical of a kind (rent, tenant) only tell apart kinds that the document's own words
 * already name; on their own they decide nothing, and the analysis then says it cannot tell.
 */
import { type Quote, quoteAround } from "./quotes";
import { type Document, isHeading, type Sentence } from "./sentences";

export interface Kind {
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
  /** Called by its own title's words ("a 30-day notice to vacate") when a title names it. */
  titled?: boolean;
  /** Phrases that name the kind only in a title or heading ("NOTICE OF RENT INCREASE"). */
  headingOnly?: RegExp[];
}

const KINDS: Kind[] = [
  {
    id: "eviction",
    name: "an eviction notice (notice to quit)",
    purpose:
      "A notice like this is a landlord's written demand that a tenant pay, fix a problem or move out by a deadline. It is usually the step before a court case: in general only a court can order an eviction.",
    strong: [
      /\bnotice to (?:quit|vacate|pay rent or quit|cure or quit|perform (?:covenant )?or quit)\b/i,
      /\b(?:pay (?:rent )?or quit|pay or vacate|cure or quit)\b/i,
      /\beviction notice\b|\bnotice of eviction\b/i,
      /\bnotice of termination of (?:tenancy|lease)\b/i,
      /\blandlord['’]s (?:three|3|five|5|seven|7|ten|10|fourteen|14|thirty|30) day notice\b/i,
      /\b(?:three|3|five|5|seven|7|ten|10|fourteen|14|thirty|30|sixty|60|ninety|90)[- ]day notice\b/i,
    ],
    signed: false,
    titled: true,
    signals: [
      /\bvacate\b/i,
      /\bpossession\b/i,
      /\btenan(?:t|cy)\b/i,
      /\bunlawful detainer\b/i,
      /\bpast due\b/i,
      /\bpayment of rent\b|\brent (?:is )?(?:now )?due\b/i,
      /\blandlord\b/i,
      /\bcourt\b/i,
    ],
  },
  {
    id: "entry",
    name: "a notice of entry",
    purpose:
      "A notice like this tells a tenant that the landlord, or someone working for the landlord, will come into the rented home, and usually when and why. Most states require a landlord to give reasonable notice before entering (often 24 to 48 hours), except in an emergency.",
    strong: [
      /\bnotice (?:of (?:intent(?:ion)? )?)?to enter\b/i,
      /\bnotice of (?:landlord['’]s )?(?:intent(?:ion)? to )?entry\b/i,
      /\b(?:entry|access) notice\b/i,
    ],
    signals: [/\benter(?:ing)?\b|\bentry\b/i, /\binspect\w*/i, /\brepair\w*/i, /\bpremises\b|\bdwelling\b|\bunit\b/i],
    signed: false,
    titled: true,
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
    // A notice of termination "of tenancy" or "of lease" is a landlord's (the eviction kind's own words).
    strong: [
      /\bnotice of termination\b(?! of (?:(?:the |your |this )?(?:tenancy|lease|rental|occupancy)))/i,
      /\btermination of (?:your )?employment\b/i,
      /\byour employment (?:with [^.]{1,60} )?(?:is|will be|has been|was) (?:terminated|ended|ending)\b/i,
      /\b(?:letter|notice) of (?:dismissal|termination)\b(?! of (?:(?:the |your |this )?(?:tenancy|lease|rental|occupancy)))/i,
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
    id: "notice",
    name: "a notice",
    purpose:
      "A notice tells the person it is addressed to about something: often a deadline, a change or a demand. Who sent it, to whom, what it asks for and by when are what matter most.",
    // A notice of default is a lender's as often as a landlord's (the first step of a foreclosure):
    // only its own words ("cure or quit") make it an eviction notice.
    strong: [/\bplease take notice\b/i, /\bthis (?:is (?:a |your )?)?notice\b/i, /\bnotice of default\b/i],
    headingOnly: [/\bnotice\b/i],
    signals: [/\bnotice\b/i, /\beffective\b/i],
    signed: false,
    fallback: true,
    titled: true,
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

export interface KindFinding {
  kind: Kind | null;
  evidence?: Quote;
  signalWords: string[];
  /** The title or heading that names the document, when one does. */
  title?: Sentence;
}

/**
 * How much a naming phrase counts, by where it stands: the title names the document itself, a
 * heading or the opening lines nearly always do, and a phrase further on may name another document
 * ("under the Residential Lease Agreement dated…"), the less so after "the", "your" or "under".
 */
const WEIGHT = { title: 10, heading: 5, opening: 4, body: 2, reference: 1 } as const;
/** How many sentences from the start count as the opening (a letter's address block comes first). */
const OPENING = 6;
const HEADINGS = 12;
/** Words before a naming phrase that make it a mention of some other document. */
const REFERENCE =
  /\b(?:your|our|their|his|her|its|the|a|an|under|per|of|in|prior|previous|existing|original)\s+(?:[\w'’-]+\s+){0,2}$/i;
/** The least a kind's naming phrases must count for: one phrase in the running text. */
const ENOUGH = WEIGHT.body;

interface Named {
  sentence: Sentence;
  start: number;
  end: number;
  weight: number;
}

function article(phrase: string): string {
  return /^(?:[aeio]|u(?!ni|s[aeu])|8|1[18](?!\d))/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

const WORD = /[A-Za-z][A-Za-z'’]*/g;

/**
 * The names a document writes inside its sentences, two or more capitalised words in a row
 * ("Jane Smith", "Oak Street"), as lower-case word → the document's spelling. A title's words are
 * lowered for the kind's name; these keep their capitals. A word that starts a sentence, or that
 * the document also writes in lower case, is no name.
 */
function namesIn(doc: Document): Map<string, string> {
  const names = new Map<string, string>();
  const lower = new Set<string>();
  for (const sentence of doc.sentences) {
    if (isHeading(sentence.text)) continue;
    let run: string[] = [];
    let lastEnd = -1;
    const endRun = () => {
      if (run.length >= 2) for (const word of run) names.set(word.toLowerCase(), word);
      run = [];
    };
    for (const match of sentence.text.matchAll(WORD)) {
      const word = match[0];
      if (/^[a-z]/.test(word)) lower.add(word);
      const capital = lastEnd >= 0 && /^[A-Z][a-z]/.test(word);
      if (!capital || !/^ +$/.test(sentence.text.slice(lastEnd, match.index))) endRun();
      if (capital) run.push(word);
      lastEnd = match.index + word.length;
    }
    endRun();
  }
  for (const word of lower) names.delete(word);
  return names;
}

/** What a titled kind is called: the words of the title that name it ("a 30-day notice to vacate"). */
function titledName(kind: Kind, named: Named[], title: Sentence | undefined, doc: Document): string {
  const spans = named.filter((n) => n.sentence === title);
  const words = (text: string) =>
    text
      .replace(/\s+/g, " ")
      .replace(/[\s:;,.–—-]+$/, "")
      .trim();
  let phrase = "";
  if (title && kind.id === "notice") {
    const whole = words(title.text);
    phrase = whole.split(" ").length <= 8 ? whole : "";
  } else if (title && spans.length > 0) {
    let start = Math.min(...spans.map((n) => n.start));
    let end = Math.max(...spans.map((n) => n.end));
    // "3-Day Pay or Quit Notice": the title's own word "notice", and the period before, belong to its name.
    const notice = /\bnotice\b/i.exec(title.text);
    if (notice && !/\bnotice\b/i.test(title.text.slice(start, end))) {
      start = Math.min(start, notice.index);
      end = Math.max(end, notice.index + notice[0].length);
    }
    const period = title.text.slice(0, start).match(/\b[\w]+[- ]days?[- ]$/i);
    if (period) start -= period[0].length;
    phrase = words(title.text.slice(start, end));
  } else {
    const best = named[0];
    if (best) phrase = words(best.sentence.text.slice(best.start, best.end));
  }
  const names = namesIn(doc);
  phrase = phrase.toLowerCase().replace(WORD, (word) => names.get(word) ?? word);
  if (!/\bnotice\b/.test(phrase) || /^(?:please take|this)\b/.test(phrase)) return kind.name;
  return article(phrase);
}

export function detectKind(doc: Document): KindFinding {
  const index = new Map(doc.sentences.map((s, i) => [s, i]));
  const headings = new Set(doc.sentences.slice(0, HEADINGS).filter((s) => isHeading(s.text)));
  const title = doc.sentences.slice(0, 5).find((s) => headings.has(s));
  const weightOf = (sentence: Sentence, start: number): number => {
    if (sentence === title) return WEIGHT.title;
    if (headings.has(sentence)) return WEIGHT.heading;
    if (REFERENCE.test(sentence.text.slice(Math.max(0, start - 40), start))) return WEIGHT.reference;
    return (index.get(sentence) ?? OPENING) < OPENING ? WEIGHT.opening : WEIGHT.body;
  };

  let best: { kind: Kind; score: number; named: Named[]; signalWords: string[] } | null = null;
  for (const kind of KINDS) {
    const named: Named[] = [];
    let score = 0;
    const patterns = [
      ...kind.strong.map((pattern) => ({ pattern, headingOnly: false })),
      ...(kind.headingOnly ?? []).map((pattern) => ({ pattern, headingOnly: true })),
    ];
    for (const { pattern, headingOnly } of patterns) {
      let top: Named | null = null;
      for (const { sentence, match } of doc.matches(pattern)) {
        if (headingOnly && !headings.has(sentence)) continue;
        const found = { sentence, start: match.index, end: match.index + match[0].length };
        const here = { ...found, weight: weightOf(sentence, match.index) };
        named.push(here);
        if (!top || here.weight > top.weight) top = here;
      }
      score += top?.weight ?? 0;
    }
    if (kind.fallback) score /= 2;
    // Only the document's own naming words make a kind; its typical words just tell close ones apart.
    if (score < ENOUGH) continue;
    const signalWords: string[] = [];
    for (const pattern of kind.signals) {
      const found = doc.first(pattern);
      if (found) signalWords.push(found.match[0].toLowerCase());
    }
    score += Math.min(signalWords.length, 4) / 4;
    if (!best || score > best.score) best = { kind, score, named, signalWords };
  }
  if (!best) return { kind: null, signalWords: [] };

  // The strongest naming phrase, the earliest of equals, is what the analysis quotes.
  const named = [...best.named].sort(
    (a, b) => b.weight - a.weight || (index.get(a.sentence) ?? 0) - (index.get(b.sentence) ?? 0) || a.start - b.start,
  );
  const top = named[0] as Named;
  const titleNamesIt = top.sentence === title || headings.has(top.sentence) ? top.sentence : undefined;
  const kind = best.kind.titled ? { ...best.kind, name: titledName(best.kind, named, titleNamesIt, doc) } : best.kind;
  const evidence = titleNamesIt
    ? quoteAround(titleNamesIt, 0, titleNamesIt.text.length)
    : quoteAround(top.sentence, top.start, top.end);
  return { kind, evidence, signalWords: best.signalWords, ...(titleNamesIt ? { title: titleNamesIt } : {}) };
}
