/** The amounts a document gives (dollars, percentages), how often, and what each one is for. */
import type { Document, Sentence } from "./sentences";

export interface MoneyFinding {
  amount: string;
  label: string;
  per: string;
  sentence: Sentence;
  start: number;
  end: number;
}

const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?`;
export const MONEY = new RegExp(
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

export function findMoney(doc: Document): MoneyFinding[] {
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
