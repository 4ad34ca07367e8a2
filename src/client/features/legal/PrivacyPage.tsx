import { Link } from "react-router";
import { LegalLayout, type LegalSection, SupportEmail } from "./LegalLayout";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "overview",
    title: "Who we are and what this covers",
    body: (
      <>
        <p>
          This policy explains what personal information LawGuide collects when you use the website and the app, why we
          collect it, who processes it for us, how long we keep it, and the choices you have.
        </p>
        <p>We do not sell your personal information, and we do not show advertising.</p>
      </>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your e-mail address, first name and a securely hashed password.
        </li>
        <li>
          <strong>Profile:</strong> details you choose to add, such as last name, phone number, address and profession,
          and your notification preferences.
        </li>
        <li>
          <strong>Cases and messages:</strong> the cases you open, your messages and the assistant's answers.
        </li>
        <li>
          <strong>Uploaded documents:</strong> the files you upload and the text we extract from them so the assistant
          can read them.
        </li>
        <li>
          <strong>Generated documents:</strong> the documents you create from templates, and the answers you gave to
          create them.
        </li>
        <li>
          <strong>Referral requests:</strong> the details you send when you ask to be referred to an attorney.
        </li>
        <li>
          <strong>Subscription:</strong> your plan and subscription status, which we receive from Stripe. We never
          receive or store full card numbers.
        </li>
        <li>
          <strong>Your agreement:</strong> when you created your account and agreed to the Terms of Service and
          acknowledged the AI's limitations.
        </li>
        <li>
          <strong>Sign-in records:</strong> when you sign in, the IP address and browser used, kept for security.
        </li>
      </ul>
    ),
  },
  {
    id: "why",
    title: "Why we use it",
    body: (
      <ul>
        <li>To run your account and show you your cases, messages and documents.</li>
        <li>To write the assistant's answers and analyse the documents you upload.</li>
        <li>To manage your plan, your trial and your payments.</li>
        <li>
          To send the e-mails you need, such as password resets, a welcome, updates on your cases and referrals, and
          notices about your subscription.
        </li>
        <li>To keep LawGuide secure, for example by spotting unusual sign-ins and stopping abuse.</li>
        <li>To answer you when you contact support, and to meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: "ai-providers",
    title: "The AI providers that process your messages",
    body: (
      <>
        <p>
          To write answers, we send your question, recent messages of the case, the case details and the text of
          documents you ask about to our AI providers, OpenAI and Anthropic. They process this data on our behalf to
          produce the answer, under their terms for business customers.
        </p>
        <p>
          When these services are unavailable, an offline assistant on our own servers answers instead, and nothing is
          sent to an AI provider.
        </p>
        <p>
          Other service providers help us run LawGuide: Stripe handles payments, and our hosting and e-mail providers
          store data and deliver messages for us. When you ask for a referral, we share the details you choose with the
          attorney. We also disclose information when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <>
        <p>Your account data, cases, messages and documents are kept for as long as your account exists.</p>
        <p>When you delete your account, we delete your personal information within 30 days, except:</p>
        <ul>
          <li>sign-in and security records, which are kept for 90 days and then deleted;</li>
          <li>billing records, which are kept for as long as tax and accounting law requires.</li>
        </ul>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights and choices",
    body: (
      <>
        <ul>
          <li>
            <strong>Export your data:</strong> download everything we hold about you from your{" "}
            <Link to="/dashboard/profile" className="font-semibold text-primary-800 underline">
              profile page
            </Link>
            : a ZIP file with your records in data.json and the files you uploaded, as you uploaded them.
          </li>
          <li>
            <strong>Delete your account:</strong> delete your account and everything in it from your profile page.
          </li>
          <li>
            <strong>Correct your details:</strong> edit your personal information on your profile page at any time.
          </li>
          <li>
            <strong>E-mails:</strong> marketing e-mails are off unless you turn them on in your profile. Every
            notification e-mail has an unsubscribe link, and your profile turns notification e-mails off at any time;
            e-mails about your account itself, such as a password reset you ask for, still arrive.
          </li>
        </ul>
        <p>
          Depending on where you live, you may have other rights, such as asking what we hold about you. Write to us at{" "}
          <SupportEmail /> and we will help.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We only use a session cookie, which keeps you signed in and is needed for the app to work. We do not use
        advertising or tracking cookies.
      </p>
    ),
  },
  {
    id: "security",
    title: "How we protect your data",
    body: (
      <ul>
        <li>Connections to LawGuide are encrypted.</li>
        <li>Passwords are stored only as secure hashes, never in plain text.</li>
        <li>Your session cookie cannot be read by scripts on the page.</li>
        <li>
          After repeated failed sign-ins, sign-in from that place is paused for a short time; you can still sign in from
          elsewhere.
        </li>
        <li>Only staff who need it can see account data, and administrator actions are recorded.</li>
      </ul>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        LawGuide is not for anyone under 18, and we do not knowingly collect information from children. If you believe a
        child has created an account, write to us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy, we update the date at the top. If a change is important, we will tell you by e-mail
        or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <>
        <p>
          Questions or requests about your data? Write to us at <SupportEmail />. We answer within 24 hours.
        </p>
        <p>
          The rules for using LawGuide are in our{" "}
          <Link to="/terms" className="font-semibold text-primary-800 underline">
            Terms of Service
          </Link>
          .
        </p>
      </>
    ),
  },
];

/** /privacy: the Privacy Policy in plain language. */
export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      summary={
        <p>
          <strong>In short:</strong> we collect what we need to run LawGuide, we send your messages to our AI providers
          to write answers, we never sell your data, and you can export or delete everything at any time.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
