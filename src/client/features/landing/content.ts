import {
  Briefcase,
  Building2,
  FilePen,
  FileSearch,
  HeartPulse,
  House,
  type LucideIcon,
  MessageSquare,
  Scale,
  Users,
} from "lucide-react";

export interface ChatLine {
  from: "user" | "assistant";
  text: string;
  /** Bullet points shown under the text of an assistant line. */
  points?: readonly string[];
  attachment?: string;
}

export interface SampleChat {
  id: string;
  label: string;
  Icon: LucideIcon;
  lines: readonly ChatLine[];
}

/** The hero's three sample conversations. They are examples, and the page says so. */
export const SAMPLE_CHATS: readonly SampleChat[] = [
  {
    id: "contract",
    label: "Contract Analysis",
    Icon: FileSearch,
    lines: [
      {
        from: "user",
        text: "Can you check the non-compete clause in my job offer before I sign?",
        attachment: "offer-letter.pdf",
      },
      {
        from: "assistant",
        text: "In plain words, the clause says you may not work for a competitor for 18 months, anywhere in the state. Points worth checking:",
        points: [
          "Whether your state limits or bans non-competes",
          "Whether 18 months and the whole state are reasonable for your role",
          "Whether you can ask for a shorter period before signing",
        ],
      },
    ],
  },
  {
    id: "documents",
    label: "Document Generation",
    Icon: FilePen,
    lines: [
      { from: "user", text: "I want to rent out my spare room. Can you help me write a simple lease?" },
      {
        from: "assistant",
        text: "Yes. I will ask a few questions, then build a draft you can review and download:",
        points: [
          "Names of the landlord and the tenant",
          "Rent, due date and security deposit",
          "Start date, length and house rules",
        ],
      },
    ],
  },
  {
    id: "questions",
    label: "Legal Questions",
    Icon: MessageSquare,
    lines: [
      { from: "user", text: "My landlord kept my whole security deposit. What can I do?" },
      {
        from: "assistant",
        text: "Most states give landlords a deadline, often 14 to 30 days, to return a deposit or list the deductions. A common next step:",
        points: [
          "Look up your state's deadline and what it allows to be deducted",
          "Ask for the deposit back in writing and keep a copy",
          "If there is no answer, small claims court is an option",
        ],
      },
    ],
  },
];

export interface Tile {
  title: string;
  text: string;
  Icon: LucideIcon;
}

export const TOPICS: readonly Tile[] = [
  {
    Icon: House,
    title: "Tenant rights",
    text: "Deposits, repairs, rent increases and eviction notices.",
  },
  {
    Icon: Briefcase,
    title: "Employment",
    text: "Unpaid wages, overtime, firing and workplace safety.",
  },
  {
    Icon: HeartPulse,
    title: "Personal injury",
    text: "Accidents, insurance claims and the deadlines that apply.",
  },
  {
    Icon: Building2,
    title: "Business",
    text: "Starting an LLC, partnerships, contracts with clients.",
  },
  {
    Icon: FileSearch,
    title: "Contract review",
    text: "What a clause means before you sign, in plain words.",
  },
  {
    Icon: Users,
    title: "Family law",
    text: "Divorce, custody, child support and wills.",
  },
];

export const FEATURES: readonly Tile[] = [
  {
    Icon: MessageSquare,
    title: "Answers in plain words",
    text: "Describe your situation in your own words. The AI assistant explains the law that may apply and the questions to ask.",
  },
  {
    Icon: FileSearch,
    title: "Document analysis",
    text: "Upload a lease, a contract or a letter. Get a summary of what it says and the points worth a closer look.",
  },
  {
    Icon: FilePen,
    title: "Guided documents",
    text: "Answer a few questions and download a first draft of a lease, a will or an LLC agreement to review.",
  },
  {
    Icon: Scale,
    title: "Attorney referrals",
    text: "When you need a lawyer, ask to be referred to one. LawGuide is not a law firm; the attorney decides whether to take your matter.",
  },
];

export const STEPS = [
  {
    title: "Describe your situation",
    text: "Open a free case chat and tell the assistant what happened, in your own words: when, where and who was involved.",
  },
  {
    title: "Understand your options",
    text: "Get a clear explanation of the law that may apply, the deadlines to watch and the questions to ask.",
  },
  {
    title: "Take your next step",
    text: "Create a document, write a letter, or ask to be referred to an attorney when your matter needs one.",
  },
] as const;

export const FAQ = [
  {
    question: "Is LawGuide a law firm? Does it replace a lawyer?",
    answer:
      "No. LawGuide gives legal information, not legal advice, and it does not replace a lawyer. Using it does not create an attorney-client relationship. When your matter needs one, you can ask to be referred to an attorney.",
  },
  {
    question: "How much does it cost?",
    answer:
      "The Free plan costs nothing and needs no card. Premium adds unlimited consultation, a second AI opinion and phone support; a first subscription starts with a free trial, and you can cancel anytime.",
  },
  {
    question: "How reliable are the answers?",
    answer:
      "The answers come from AI models. They are often helpful, and they can be wrong or out of date, and laws differ from state to state. Check anything important with a licensed attorney before you act on it.",
  },
  {
    question: "Who can see my cases and documents?",
    answer:
      "Your cases belong to your account. A few LawGuide staff can see them, only to run and secure the service or to help when you ask. Your messages are sent to our AI providers, OpenAI and Anthropic, to write the answers. You can export or delete everything from your profile at any time.",
  },
  {
    question: "Which legal topics can I ask about?",
    answer:
      "Everyday matters under US law: tenant rights, employment, personal injury, business, contracts and family law, among others. For a criminal charge, an emergency or a court deadline, contact an attorney right away.",
  },
] as const;
