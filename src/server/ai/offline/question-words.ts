/** What a question asks about: its words, stemmed and widened with related ones, and the kind of answer it wants. */

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
export function stem(word: string): string {
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

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? [];
}

interface Concept {
  /** The question's own word, stemmed. */
  stem: string;
  /** Words that mean much the same, stemmed: they count for a little less. */
  related: string[];
}

export function questionConcepts(question: string): Concept[] {
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

export function sameStem(a: string, b: string): boolean {
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
export function conceptMatch(stems: Set<string>, concept: Concept): number {
  if (contains(stems, concept.stem)) return 1;
  return concept.related.some((r) => contains(stems, r)) ? 0.7 : 0;
}

export function intentsOf(question: string): Set<string> {
  return new Set(INTENTS.filter(([pattern]) => pattern.test(question)).map(([, intent]) => intent));
}
