import {
  formatPlanPrice,
  MESSAGE_WARNING_REMAINING,
  messageLimit,
  PLANS,
  type PlanSettings,
  planFeatures,
  trialDaysOf,
} from "@shared/plans";
import { BASIC_COMPLEXITIES, templateRuleText, templatesForSale } from "@shared/template-offers";
import { MAX_ATTACHMENTS_PER_MESSAGE, uploadsPerMonth } from "@shared/uploads";

export interface HelpQuestion {
  question: string;
  answer: string;
}

export interface HelpGroup {
  id: string;
  title: string;
  questions: readonly HelpQuestion[];
}

const premium = PLANS.premium;

/** 'Complex': the complexities of the templates a plan other than Premium does not include. */
const forSaleComplexities = () => [...new Set(templatesForSale().map((offer) => offer.complexity))].join(" and ");

/** The Help page's questions, in four groups, with the plans' numbers as they are in force. */
export function helpGroups(settings: PlanSettings, uploads: { maxFileUploadSize: number }): HelpGroup[] {
  const freeLimit = messageLimit("free", settings);
  const uploadsText = (plan: "free" | "basic") => `${uploadsPerMonth(plan)} uploads a month on ${PLANS[plan].name}`;
  const trial = trialDaysOf("premium", settings);
  return [
    {
      id: "getting-started",
      title: "Getting Started",
      questions: [
        {
          question: "How do I start a new legal chat?",
          answer:
            "Open the Chats tab and choose New Chat. Describe your situation in your own words: what happened, when, and which state you are in. The assistant will ask follow-up questions if it needs more detail.",
        },
        {
          question: "What kind of questions can I ask?",
          answer:
            "Everyday legal questions under US law, such as tenant rights, employment, personal injury, business, contracts and family law. For a criminal charge, an emergency or a court deadline, contact an attorney right away.",
        },
        {
          question: "Is LawGuide free to use?",
          answer: `Yes. The Free plan costs ${formatPlanPrice(PLANS.free)} and includes ${freeLimit} messages per case with the assistant and the basic document templates (${BASIC_COMPLEXITIES.join(" and ")}). ${forSaleComplexities()} templates come with Premium, or you can buy one once. Premium adds unlimited consultation and more.`,
        },
        {
          question: "How do I change my password or personal details?",
          answer:
            "Open the Profile tab. Edit your personal information there, or choose Change Password. Your e-mail address cannot be changed.",
        },
        {
          question: "How do I stop e-mails from LawGuide?",
          answer:
            "Every notification e-mail (welcome, case updates, payments) has an unsubscribe link at the bottom: one click turns them off. You can also turn E-mail notifications off, or on again, in the Profile tab. E-mails about your account itself, such as a password reset you ask for, still arrive.",
        },
        {
          question: "Can I protect my sign-in with a code from my phone?",
          answer:
            "Where two-factor sign-in is offered, the Profile tab shows it under Security: turn it on, scan the QR code with an authenticator app, and save the backup codes. Signing in then asks for the code your app shows. If it is not in your profile, this site does not offer it.",
        },
      ],
    },
    {
      id: "using-the-app",
      title: "Using the App",
      questions: [
        {
          question: "How many messages can I send in a case?",
          answer: `On the Free plan you can send ${freeLimit} messages in each case. A reminder appears when ${MESSAGE_WARNING_REMAINING} are left. Premium members have no message limit.`,
        },
        {
          question: "How do I upload a document for the assistant to read?",
          answer: `In a case, drag files onto the chat or choose the paperclip button, then send. You can also choose 'Analyse a document' in the Docs tab's AI Assistant. LawGuide takes PDF, Word (.doc, .docx) and image (JPG, PNG, GIF) files of up to ${uploads.maxFileUploadSize} MB each, up to ${MAX_ATTACHMENTS_PER_MESSAGE} in one message. It reads the text (photos and scans by text recognition), then the assistant posts a 'Document Analysis' with the document's type, key terms, possible issues, a plain-language summary and next steps, quoting the passages it relies on. Later questions in the case are answered from the document's own words.`,
        },
        {
          question: "How many files can I upload, and who can see them?",
          answer: `You have ${uploadsText("free")} and ${uploadsText("basic")}; Premium has no limit. Every file you upload counts towards the month, even one you remove later. Only you can open your files in LawGuide. To write an analysis or an answer, the file's text is sent to the AI provider that writes it. Files are kept until you delete them (My documents → Uploaded files) or delete your account, and they are included in your data export.`,
        },
        {
          question: "How do I create a legal document?",
          answer:
            "Open the Docs tab and choose Document Templates. Pick a template, answer the questions, review your answers and generate the document. You can preview it and download it as a file. Have an attorney review it before you sign or file it.",
        },
        {
          question: "How do I ask to be referred to an attorney?",
          answer:
            "Open the case and choose Refer to Attorney, or use the button on the case in your list of chats. LawGuide is not a law firm: no attorney-client relationship exists until an attorney agrees to take your matter.",
        },
        {
          question: "How do I export or delete my data?",
          answer:
            "Open the Profile tab. Under Privacy & Legal, Data Export downloads everything we hold about you as a ZIP file: data.json with your account, cases, messages and documents, and a files folder with the files you uploaded, as you uploaded them. Delete Account removes your account and everything in it.",
        },
      ],
    },
    {
      id: "premium-features",
      title: "Premium Features",
      questions: [
        {
          question: "What does Premium include?",
          answer: `Premium includes: ${planFeatures("premium", settings)
            .map((f) => f.charAt(0).toLowerCase() + f.slice(1))
            .join("; ")}.`,
        },
        {
          question: "How much does Premium cost?",
          answer: `${premium.name} costs ${formatPlanPrice(premium)}${trial ? ` and a first subscription starts with a ${trial}-day free trial, once per member` : ""}. ${PLANS.basic.name} costs ${formatPlanPrice(PLANS.basic)} and gives you ${messageLimit("basic", settings)} messages per case. Subscribe from the Premium tab.`,
        },
        {
          question: "How much do document templates cost?",
          answer: `${templateRuleText()} To buy one, choose Buy on the template's card in the Docs tab (Document Templates): you pay once, through the same checkout as the plans, and nothing renews. The templates you bought are listed, with what you paid, on the Premium page and on Profile.`,
        },
        {
          question: "How do I cancel my subscription?",
          answer:
            "Open the Premium tab and choose Cancel subscription. You can cancel anytime, with no fee: your plan lasts until the end of the period you paid for, then your account moves to the Free plan and you are not charged again. Until then you can resume it. Your cases and documents stay.",
        },
        {
          question: "What happens if a payment fails?",
          answer:
            "Your plan stays in force for a few days while you update your payment method (the Premium tab shows until when). If no payment goes through by then, your account moves to the Free plan; nothing of yours is deleted, and paying again restores your plan.",
        },
        {
          question: "What is multi-AI comparison?",
          answer:
            "Premium members can see answers to the same question from two AI assistants side by side, from OpenAI and Anthropic, and choose the one that helps most. In your profile you choose when: for every message (the usual), for long questions only, or never. When no AI assistant is connected, LawGuide says so and shows its offline assistant's one answer instead of two. Two answers that agree are still not legal advice.",
        },
      ],
    },
    {
      id: "legal-disclaimers",
      title: "Legal Disclaimers",
      questions: [
        {
          question: "Is LawGuide's answer legal advice?",
          answer:
            "No. LawGuide gives legal information, not legal advice, and it does not replace a lawyer. Laws differ by state and change over time, so check important decisions with a licensed attorney.",
        },
        {
          question: "Does using LawGuide create an attorney-client relationship?",
          answer:
            "No. LawGuide is not a law firm. Chatting with the assistant or creating documents does not create an attorney-client relationship, and your conversations are not protected by attorney-client privilege.",
        },
        {
          question: "How accurate are the AI answers?",
          answer:
            "The answers come from AI models. They are often helpful, but they can be wrong, incomplete or out of date. When the AI services are unavailable, LawGuide's offline assistant answers instead: general information by topic, and for the 50 states and DC four figures people ask about most (the deadline to return a security deposit, the final paycheck after quitting or being fired, the small-claims limit and the notice to end a month-to-month tenancy), each with the law it comes from. Laws change, so check a date or amount with that law or the state's official site before you rely on it.",
        },
        {
          question: "What if I have an emergency or a deadline?",
          answer:
            "If you are in danger, call 911. If you have a court date, a filing deadline or have been arrested, contact an attorney or your local legal aid office right away.",
        },
      ],
    },
  ];
}

/** The groups with only the questions whose question or answer contains the query (any case). */
/**
 * Words members search with, and the words the answers use for the same thing: someone looking
 * for 'deposit' wants to know whether tenant questions can be asked.
 */
const SYNONYMS: Record<string, readonly string[]> = {
  deposit: ["tenant"],
  landlord: ["tenant"],
  rent: ["tenant"],
  lease: ["tenant"],
  eviction: ["tenant"],
  evicted: ["tenant"],
  apartment: ["tenant"],
  fired: ["employment"],
  job: ["employment"],
  boss: ["employment"],
  wages: ["employment"],
  salary: ["employment"],
  divorce: ["family law"],
  custody: ["family law"],
  accident: ["personal injury"],
  injury: ["personal injury"],
  will: ["document"],
  llc: ["business", "document"],
  lawyer: ["attorney"],
  counsel: ["attorney"],
  refund: ["cancel", "payment"],
  billing: ["payment", "subscription"],
  card: ["payment"],
  charge: ["payment", "cost"],
  price: ["cost"],
  prices: ["cost"],
  purchase: ["buy"],
  fee: ["cost"],
  login: ["password", "sign in"],
  signin: ["password", "sign in"],
  pdf: ["upload"],
  file: ["upload"],
  files: ["upload"],
  erase: ["delete"],
  remove: ["delete"],
  privacy: ["who can see", "delete"],
};

/** Words a search is written with that say nothing of what is looked for. */
const STOP_WORDS = new Set([
  "my",
  "the",
  "and",
  "for",
  "with",
  "what",
  "how",
  "can",
  "do",
  "does",
  "is",
  "to",
  "of",
  "in",
  "an",
  "your",
  "am",
  "it",
  "get",
]);

/**
 * The questions whose question or answer holds what was searched for (see below), in their
 * groups; groups left empty are dropped.
 */
export function searchHelp(groups: readonly HelpGroup[], query: string): HelpGroup[] {
  const phrase = query.trim().toLowerCase();
  if (!phrase) return [...groups];
  const words = phrase.split(/[^a-z0-9]+/).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  const textOf = (q: HelpQuestion) => `${q.question} ${q.answer}`.toLowerCase();
  const holdsPhrase = (q: HelpQuestion) => textOf(q).includes(phrase);
  const holdsMostWords = (q: HelpQuestion) => {
    const text = textOf(q);
    const found = words.filter(
      (word) => text.includes(word) || (SYNONYMS[word] ?? []).some((s) => text.includes(s)),
    ).length;
    return words.length > 0 && found >= Math.ceil(words.length * 0.6);
  };
  // Several words: the questions that hold them as typed, when there are any; else those holding
  // most of them. One word: every question that holds it or a word for the same thing.
  const matches =
    words.length > 1 && groups.some((group) => group.questions.some(holdsPhrase)) ? holdsPhrase : holdsMostWords;
  return groups
    .map((group) => ({ ...group, questions: group.questions.filter(matches) }))
    .filter((group) => group.questions.length > 0);
}
