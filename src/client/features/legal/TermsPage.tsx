import { planSettingsOf, usePublicSettings } from "@client/lib/public-settings";
import { formatPlanPrice, PLANS, type PlanSettings, planFeatures, trialDaysOf } from "@shared/plans";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { templateRuleText } from "@shared/template-offers";
import { uploadsPerMonth } from "@shared/uploads";
import { Link } from "react-router";
import { LegalLayout, type LegalSection, SupportEmail } from "./LegalLayout";

/** The terms, with the plans' numbers as they are in force. */
const sections = (planSettings: PlanSettings, uploads: { maxFileUploadSize: number }): readonly LegalSection[] => [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          LawGuide is an online service that helps people understand everyday legal questions. You can ask an AI
          assistant questions in case chats, upload documents for analysis, create documents from guided templates and
          ask to be referred to an attorney.
        </p>
        <p>
          These terms are the agreement between you and LawGuide when you use the website and the app. By creating an
          account or using LawGuide, you agree to them. If you do not agree, please do not use LawGuide.
        </p>
      </>
    ),
  },
  {
    id: "legal-information",
    title: "Legal information, not legal advice",
    body: (
      <>
        <p>
          LawGuide gives general legal information. It does not give legal advice, and it does not replace a lawyer.
          Legal information explains how the law generally works. Legal advice applies the law to your particular facts,
          and only a licensed attorney can give it.
        </p>
        <p>
          Laws differ from state to state and change over time. Before you make an important decision, sign a document,
          or act on a deadline, check with a licensed attorney in your state.
        </p>
        <p>
          If you are in danger, call 911. If you have a court date or a deadline coming up soon, contact an attorney or
          your local legal aid office right away.
        </p>
      </>
    ),
  },
  {
    id: "no-attorney-client",
    title: "No attorney-client relationship",
    body: (
      <>
        <p>
          LawGuide is not a law firm. Using LawGuide, including chatting with the AI assistant or creating a document,
          does not create an attorney-client relationship between you and LawGuide or anyone who works for LawGuide.
        </p>
        <p>
          Because there is no attorney-client relationship, your conversations with LawGuide are not protected by
          attorney-client privilege. Think carefully before sharing details you would not want others to see, for
          example in a dispute.
        </p>
      </>
    ),
  },
  {
    id: "ai-answers",
    title: "How the AI answers are produced",
    body: (
      <>
        <p>
          Answers in case chats are written by AI models from OpenAI and Anthropic. To produce an answer, we send your
          question, recent messages of the case and the details of the case to those providers. The models are
          instructed to give legal information, to ask which state you are in, and not to invent sources.
        </p>
        <p>
          AI can be wrong. An answer may be incomplete, out of date, or wrong for your state, even when it sounds
          confident. Treat every answer as a starting point, and verify anything important with a licensed attorney.
        </p>
        <p>
          When the AI services are unavailable, an offline assistant answers instead. It gives short, general answers
          and tells you that it is doing so. Every answer shows the reminder that it is legal information, not legal
          advice.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account and its security",
    body: (
      <>
        <p>You must be at least 18 years old to create an account.</p>
        <ul>
          <li>Give accurate details when you register, and keep them up to date.</li>
          <li>Keep your password private, and do not share your account with anyone.</li>
          <li>
            Tell us at once at <SupportEmail /> if you think someone else has used your account.
          </li>
        </ul>
        <p>
          You are responsible for what happens under your account. To protect you, we lock an account for a short time
          after several failed sign-in attempts.
        </p>
        <p>
          You can delete your account at any time from your profile page. We may suspend or close an account that breaks
          these terms; when we can, we will tell you why first.
        </p>
      </>
    ),
  },
  {
    id: "plans",
    title: "Plans and payment",
    body: (
      <>
        <p>LawGuide has three plans:</p>
        <div className="grid gap-3 sm:grid-cols-3">
          {[PLANS.free, PLANS.basic, PLANS.premium].map((plan) => (
            <div key={plan.id} className="rounded-[var(--radius-control)] border border-slate-200 bg-slate-50 p-4">
              <p className="font-semibold text-slate-900">
                {plan.name}: {formatPlanPrice(plan)}
              </p>
              <ul className="mt-2 text-sm">
                {planFeatures(plan.id, planSettings).map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <ul>
          {trialDaysOf("premium", planSettings) ? (
            <li>
              A first subscription to {PLANS.premium.name} starts with a {trialDaysOf("premium", planSettings)}-day free
              trial, once per member. If you cancel before the trial ends, you are not charged.
            </li>
          ) : null}
          <li>
            Paid plans renew every {PLANS.premium.interval} at the price shown when you subscribe, until you cancel.
          </li>
          <li>
            You can cancel anytime, with no cancellation fee. Your plan lasts until the end of the period you paid for;
            after that you are not charged again and your account moves to the Free plan. Your cases and documents stay.
          </li>
          <li>
            If a payment fails, your plan stays in force for a few days (the grace period) while you update your payment
            method; after that your account moves to the Free plan until a payment goes through.
          </li>
          <li>{templateRuleText()}</li>
          <li>
            A template you buy is a single payment at the price shown when you buy it. It does not renew and you are not
            charged for it again.
          </li>
          <li>
            Payments are handled by Stripe, our payment provider. LawGuide never sees or stores your full card number.
          </li>
          <li>If we change the price, we will tell you before the new price applies to you.</li>
        </ul>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>Please use LawGuide fairly. Do not:</p>
        <ul>
          <li>break the law, or use LawGuide to harass, threaten, defraud or harm anyone;</li>
          <li>upload files that you have no right to share, or that contain malware;</li>
          <li>try to get into other people's accounts or data, or around our security and plan limits;</li>
          <li>overload the service, or collect data from it with automated tools;</li>
          <li>present LawGuide's answers as advice from a lawyer, or offer them to others as legal services.</li>
        </ul>
      </>
    ),
  },
  {
    id: "documents",
    title: "Documents you upload and generate",
    body: (
      <>
        <p>
          Your documents stay yours. You allow us to store and process the files you upload and the documents you create
          only to provide LawGuide to you, for example to extract the text of a file so the assistant can analyse it.
        </p>
        <p>
          You may upload PDF, Word (.doc, .docx) and image (JPG, PNG, GIF) files of up to {uploads.maxFileUploadSize} MB
          each: {uploadsPerMonth("free")} a month on the {PLANS.free.name} plan, {uploadsPerMonth("basic")} a month on{" "}
          {PLANS.basic.name}, and without a monthly limit on {PLANS.premium.name}. Only you can open your files in
          LawGuide. To analyse a file or answer a question about it, its text is sent to the AI provider that writes the
          answer. We keep your files until you delete them or your account, and they are part of your data export. Do
          not upload what you have no right to share.
        </p>
        <p>
          An analysis is legal information about the words we could read in your file. Text recognition of photos and
          scans can miss or misread words: check every quote against your document before you rely on it.
        </p>
        <p>
          Documents created from our templates are general drafts. They may not suit your situation or meet the rules of
          your state. Read them carefully, and have an attorney review any document before you sign or file it.
        </p>
      </>
    ),
  },
  {
    id: "referrals",
    title: "Attorney referrals",
    body: (
      <>
        <p>
          You can ask to be referred to an attorney from a case. With your request, we share the case details you choose
          with an attorney who may be able to help.
        </p>
        <p>
          LawGuide is not a law firm and does not recommend or guarantee any attorney. No attorney-client relationship
          exists until an attorney agrees to take your matter, usually in a written agreement with them. Fees and the
          terms of the work are between you and the attorney.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          We work hard to keep LawGuide accurate and available, but we provide it "as is". We cannot promise that it
          will always be available, free of errors, or right for your situation.
        </p>
        <p>
          As far as the law allows, LawGuide is not responsible for losses that come from relying on AI answers or
          generated documents without checking them with an attorney, or for indirect losses such as lost profits. If we
          are responsible for a loss, our total liability is limited to the amount you paid us in the 12 months before
          it happened.
        </p>
        <p>Nothing in these terms limits rights that the law does not allow us to limit.</p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as LawGuide changes. The date at the top shows the latest version. If a change is
        important, we will tell you by e-mail or in the app before it takes effect. If you keep using LawGuide after
        that, the new terms apply.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <>
        <p>
          Questions about these terms? Write to us at <SupportEmail />. We answer within 24 hours.
        </p>
        <p>
          How we handle your data is explained in our{" "}
          <Link to="/privacy" className="font-semibold text-primary-800 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </>
    ),
  },
];

/** /terms: the Terms of Service in plain language. */
export function TermsPage() {
  const settings = usePublicSettings();
  const planSettings = planSettingsOf(settings);
  return (
    <LegalLayout
      title="Terms of Service"
      summary={
        <p>
          <strong>In short:</strong> LawGuide explains the law in plain words. It is not a law firm, its answers come
          from AI and can be wrong, and it does not replace a lawyer. Check important decisions with a licensed
          attorney.
        </p>
      }
      sections={sections(planSettings, {
        maxFileUploadSize: settings?.maxFileUploadSize ?? SETTINGS_DEFAULTS.general.maxFileUploadSize,
      })}
    />
  );
}
