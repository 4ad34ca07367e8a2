/** The sections of the analysis of a file, each written from the findings. */
import { DATE_PATTERN } from "./dates";
import type { DeadlineFinding } from "./deadlines";
import { dutyAt, dutyLabel } from "./duties";
import type { Findings } from "./findings";
import { type Party, partyText } from "./parties";
import { cite, joinAnd, locationOf, plain, quoteAround, wholeSentence } from "./quotes";
import type { Sentence } from "./sentences";

const LIST_LIMIT = 6;

function more(count: number, noun: string): string[] {
  return count > 0 ? [`- …and ${count} more ${noun}${count === 1 ? "" : "s"} in the document.`] : [];
}

export function typeSection(f: Findings): string[] {
  const { kind, evidence, signalWords } = f.kind;
  if (f.doc.sentences.length === 0) {
    return [
      "No text could be read from this file, so this review cannot say what kind of document it is. If it is a scan or a photo, a clearer, straight, well-lit image (or the original PDF or Word file) usually reads better.",
    ];
  }
  if (!kind) {
    const opening = f.doc.sentences[0];
    return [
      "The text does not clearly say what kind of document this is: it has no title or wording that names it, so this review cannot tell what kind of document it is, and does not guess. It is treated simply as **a document**.",
      ...commonWords(f),
      ...(opening ? ["", "It begins:", "", `> ${cite(f.doc, wholeSentence(opening))}`] : []),
    ];
  }
  const lines = [`This appears to be **${kind.name}**. ${kind.purpose}`];
  if (evidence) lines.push("", "What points to this:", "", `> ${cite(f.doc, evidence)}`);
  const words = [...new Set(signalWords.map(plain))].slice(0, 5);
  if (words.length > 1) lines.push("", `It also uses words typical of this kind of document: ${words.join(", ")}.`);
  return lines;
}

/** Words that many kinds of document use: present, they still do not say which kind this is. */
function commonWords(f: Findings): string[] {
  const found = new Set<string>();
  for (const { match } of f.doc.matches(
    /\b(?:landlord|tenant|rent|lease|employer|employee|deposit|premises|payment|notice)\b/gi,
  )) {
    found.add(match[0].toLowerCase());
    if (found.size >= 3) break;
  }
  const words = [...found];
  if (words.length === 0) return [];
  return [
    "",
    `Words such as ${joinAnd(words)} are used by leases, notices, letters and other documents alike, so they do not settle what this one is.`,
  ];
}

export function termsSection(f: Findings): string[] {
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

  // Each time limit and duty says whose it is, from the subject of its own sentence.
  group("Deadlines and notice periods", [
    ...f.deadlines
      .slice(0, LIST_LIMIT)
      .map(
        (d) =>
          `- **${plain(d.phrase)}**${d.duty ? ` (${dutyLabel(d.duty)})` : ""}: ${cite(doc, quoteAround(d.sentence, d.start, d.end))}`,
      ),
    ...more(f.deadlines.length - LIST_LIMIT, "time limit"),
  ]);

  group(
    "Other duties",
    f.duties.map((d) => {
      const label = dutyLabel(d.duty);
      return `- ${label.charAt(0).toUpperCase()}${label.slice(1)}: ${cite(doc, quoteAround(d.sentence, d.start, d.end))}`;
    }),
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

export function issuesSection(f: Findings): string[] {
  const { doc } = f;
  if (doc.sentences.length === 0) return ["With no text to read, this review could not look for problem terms."];
  const lines = f.issues.map(
    (issue) => `- **${issue.title}.** ${issue.quote ? `${cite(doc, issue.quote)}. ` : ""}${issue.explain}`,
  );
  if (lines.length === 0) {
    return [
      "This review did not find any of the common warning signs it looks for: automatic renewal, late fees or penalties, giving up rights or a jury trial, entry without notice, repairs or a forfeited deposit put on one side, non-compete terms, indemnification, as-is terms, arbitration, confidentiality, ending without cause, non-refundable money, blank lines, or very short deadlines.",
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

export function summarySection(f: Findings, fileName: string): string[] {
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
  const made =
    f.dates.find((d) => d.label === "the document's date") ??
    f.dates.find((d) => d.label === "when it was made or takes effect");
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
    const others = [...new Set(f.dates.filter((d) => d.text !== made?.text).map((d) => plain(d.text)))].slice(0, 3);
    if (others.length > 0) sentences.push(`Dates in it include ${joinAnd(others)}.`);
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

export function recommendationsSection(f: Findings): string[] {
  const kind = f.kind.kind?.id;
  const has = (id: string) => f.issues.some((i) => i.id === id);
  const steps: string[] = [
    "Keep a copy of this document (and of the signed version, if there is one) with your case records.",
  ];
  if (f.doc.sentences.length === 0) {
    steps.push("Upload a clearer copy, or the original PDF or Word file, so the text can be read.");
  }
  // Each time limit is said as the document gives it, with whose it is: the reader may be any party.
  // Time limits of one sentence share one step, each in bold.
  const bySentence = new Map<Sentence, DeadlineFinding[]>();
  for (const d of f.deadlines) bySentence.set(d.sentence, [...(bySentence.get(d.sentence) ?? []), d]);
  for (const [sentence, [deadline, ...others]] of [...bySentence.entries()].slice(0, 3)) {
    if (!deadline) continue;
    const where = locationOf(f.doc, sentence);
    const duty = others.length > 0 ? dutyAt(sentence, deadline, f.speakers, { alsoBold: others }) : deadline.duty;
    const said = duty
      ? `${duty.statement} (${where})${duty.after}.`
      : `The document gives **${plain(deadline.phrase)}** (${where}).`;
    const counted =
      !new RegExp(DATE_PATTERN.source, "i").test(deadline.phrase) &&
      /\b(?:within|after|before|from|following|prior to|to|notice)\b/i.test(deadline.phrase);
    steps.push(
      `${said} ${counted ? "Work out the date it falls on, counting from the event it names." : "Note the date."}`,
    );
  }
  if (has("renewal"))
    steps.push(
      "Note the last day to give notice if you might not want it to renew, and give any notice in writing, keeping proof of when you sent it.",
    );
  if ((kind === "lease" || kind === "eviction") && f.money.some((m) => m.label === "security deposit")) {
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
      "If you are the tenant, do not ignore the notice: it is not a court order, but its deadline matters. Contact local legal aid or a tenant-rights group quickly, and respond to any court papers by their deadline. If you are the landlord, keep proof of when and how it was delivered: an eviction can only go ahead through the court.",
    );
  }
  if (kind === "entry") {
    steps.push(
      "If you are the tenant, check the date, time and reason for entry against your lease and your state's rules (most require reasonable notice, often 24 to 48 hours, except in an emergency), and ask in writing for another time if you need one. If you are the landlord, keep proof of when the notice was delivered.",
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
  if (kind === "eviction") stakes.push("losing a home");
  if (kind === "will") stakes.push("what happens to an estate");
  if (kind === "poa") stakes.push("who decides about money or health care");
  if (has("non-compete")) stakes.push("limits on future work");
  steps.push(
    stakes.length > 0
      ? `Consider having a licensed attorney in your state review it before you act: the stakes here include ${joinAnd(stakes)}. Legal aid or your state bar's lawyer referral service can help you find one.`
      : "Consider a licensed attorney in your state if the stakes are high for you (large sums, signing away rights, a court date). Legal aid or your state bar's lawyer referral service can help you find one.",
  );
  return steps.map((s) => `- ${s}`);
}

/** The analysis's one disclaimer: its last line, after any answer to the member's question. */
export const DOCUMENT_CLOSING =
  "*This analysis is general legal information from LawGuide's offline assistant, based only on the text read from your file. It is not legal advice. Laws vary by state; a licensed attorney in your state can advise on your situation.*";
