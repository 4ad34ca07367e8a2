import type { SiteIdentity } from "@shared/site";

/**
 * Every mail LawGuide writes, in one place: each template returns its subject, plain text and
 * HTML, built from paragraphs and links by one layout, signed with the site's name and support
 * address from the settings. A mail a member can stop carries the unsubscribe link.
 */

export type MailSite = Pick<SiteIdentity, "siteName" | "supportEmail">;

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph, or a link shown as a button (HTML) or `label: url` (text). */
type Block = string | { label: string; url: string };

interface Layout {
  subject: string;
  greeting?: string | undefined;
  blocks: Block[];
  /** Why this mail came and how to stop it (mail a member can stop). */
  unsubscribeUrl?: string | undefined;
  /** A line saying why the reader gets this mail when it is not a member's own (administrators). */
  reason?: string | undefined;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function hello(firstName: string | undefined): string {
  return firstName ? `Hello ${firstName},` : "Hello,";
}

function layout(site: MailSite, mail: Layout): ComposedMail {
  const footer = [
    `Questions? Write to ${site.supportEmail}.`,
    site.siteName,
    ...(mail.reason ? [mail.reason] : []),
    ...(mail.unsubscribeUrl
      ? [
          `You receive this mail because e-mail notifications are on in your ${site.siteName} profile. Stop these mails: ${mail.unsubscribeUrl}`,
        ]
      : []),
  ];
  const text = [
    ...(mail.greeting ? [mail.greeting] : []),
    ...mail.blocks.map((block) => (typeof block === "string" ? block : `${block.label}: ${block.url}`)),
    ...footer,
  ].join("\n\n");

  const p = (inner: string, style = "") => `<p style="margin:0 0 16px;${style}">${inner}</p>`;
  const body = mail.blocks
    .map((block) =>
      typeof block === "string"
        ? p(escapeHtml(block))
        : p(
            `<a href="${escapeHtml(block.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(block.label)}</a>`,
          ),
    )
    .join("");
  const small = "color:#475569;font-size:13px";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:24px 16px"><div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">${
    mail.greeting ? p(escapeHtml(mail.greeting)) : ""
  }${body}</div>${p(`Questions? Write to <a href="mailto:${escapeHtml(site.supportEmail)}" style="color:#3730a3">${escapeHtml(site.supportEmail)}</a>.<br>${escapeHtml(site.siteName)}`, `${small};margin-top:16px`)}${
    mail.reason ? p(escapeHtml(mail.reason), small) : ""
  }${
    mail.unsubscribeUrl
      ? p(
          `You receive this mail because e-mail notifications are on in your ${escapeHtml(site.siteName)} profile. <a href="${escapeHtml(mail.unsubscribeUrl)}" style="color:#3730a3">Unsubscribe</a>`,
          small,
        )
      : ""
  }</div></body></html>`;
  return { subject: mail.subject, text, html };
}

const NOT_A_LAW_FIRM = (site: MailSite) =>
  `${site.siteName} is not a law firm, and no attorney-client relationship exists until an attorney agrees to take your matter. The attorney sets their own fees and will tell you before any work starts.`;

/** Account mail: a link to choose a new password. */
export function passwordResetMail(site: MailSite, link: string): ComposedMail {
  return layout(site, {
    subject: `Reset your ${site.siteName} password`,
    greeting: "Hello,",
    blocks: [
      `Someone asked to reset the password of your ${site.siteName} account. If it was you, open this link to choose a new password:`,
      { label: "Reset my password", url: link },
      "The link works once and expires in 1 hour. If you did not ask for this, you can ignore this message: your password stays the same.",
    ],
  });
}

/** Account mail: a link that verifies the member's address and signs them in. */
export function verifyEmailMail(site: MailSite, link: string): ComposedMail {
  return layout(site, {
    subject: `Verify your e-mail address for ${site.siteName}`,
    greeting: "Hello,",
    blocks: [
      `Please confirm that this is your e-mail address to finish setting up your ${site.siteName} account:`,
      { label: "Verify my e-mail address", url: link },
      "The link works for 24 hours. If you did not create an account, you can ignore this message: nothing happens without the link.",
    ],
  });
}

/** Account mail: someone tried to register with an address that already has an account. */
export function signUpAttemptMail(site: MailSite, links: { signIn: string; reset: string }): ComposedMail {
  return layout(site, {
    subject: `Someone tried to create a ${site.siteName} account with your address`,
    greeting: "Hello,",
    blocks: [
      `Someone tried to create a new ${site.siteName} account with this e-mail address, which already has an account. No new account was made and nothing in yours changed.`,
      "If it was you, sign in instead:",
      { label: "Sign in", url: links.signIn },
      `Forgot your password? Choose a new one: ${links.reset}`,
      "If it was not you, you can ignore this message.",
    ],
  });
}

/** Sent once, when a member signs up. */
export function welcomeMail(
  site: MailSite,
  m: { firstName?: string | undefined; dashboardUrl: string; unsubscribeUrl: string },
): ComposedMail {
  return layout(site, {
    subject: `Welcome to ${site.siteName}`,
    greeting: hello(m.firstName),
    blocks: [
      `Thank you for joining ${site.siteName}. Here is how to start:`,
      "Open a case and describe your situation in your own words: the assistant answers with legal information and the questions to ask next. You can add your papers (a lease, a letter, a contract) for it to read.",
      "The Document Center builds common documents, such as a lease or a will, from a few guided questions.",
      "When you need a lawyer, ask for an attorney referral from your case.",
      { label: `Open ${site.siteName}`, url: m.dashboardUrl },
      `${site.siteName} gives legal information, not legal advice.`,
    ],
    unsubscribeUrl: m.unsubscribeUrl,
  });
}

/** To the member who asked for an attorney referral (for a case or a document review). */
export function referralReceivedMail(
  site: MailSite,
  m: { firstName?: string | undefined; about: string; link: string; unsubscribeUrl: string },
): ComposedMail {
  return layout(site, {
    subject: `We received your attorney referral request`,
    greeting: hello(m.firstName),
    blocks: [
      `We received your request for an attorney to look at ${m.about}. We will match you with an attorney in our referral network and write to you when one is assigned.`,
      { label: "See it", url: m.link },
      NOT_A_LAW_FIRM(site),
    ],
    unsubscribeUrl: m.unsubscribeUrl,
  });
}

/** To the administrators' address, for each new referral request. */
export function referralNoticeMail(
  site: MailSite,
  m: { member: string; about: string; kind: "case" | "document review"; link: string },
): ComposedMail {
  return layout(site, {
    subject: `New ${m.kind} referral request on ${site.siteName}`,
    blocks: [
      `${m.member} asked for an attorney to look at ${m.about}.`,
      "Assign an attorney from the directory in the referral queue:",
      { label: "Open the referral queue", url: m.link },
    ],
    reason: `This address receives the administrators' notices (Settings, Notifications).`,
  });
}

/** To the member, when an administrator assigns an attorney to their case or referral. */
export function attorneyAssignedMail(
  site: MailSite,
  m: { firstName?: string | undefined; attorney: string; about: string; link: string; unsubscribeUrl: string },
): ComposedMail {
  return layout(site, {
    subject: `An attorney has been assigned to ${m.about.startsWith("your case") ? "your case" : "your referral"} on ${site.siteName}`,
    greeting: hello(m.firstName),
    blocks: [
      `We have passed ${m.about} to ${m.attorney}, an attorney in our referral network. They will contact you to talk about your matter.`,
      { label: "See it", url: m.link },
      NOT_A_LAW_FIRM(site),
    ],
    unsubscribeUrl: m.unsubscribeUrl,
  });
}

/** To the member, when an administrator changes their case's status. */
export function caseStatusMail(
  site: MailSite,
  m: { firstName?: string | undefined; caseTitle: string; status: string; link: string; unsubscribeUrl: string },
): ComposedMail {
  return layout(site, {
    subject: `Your case "${m.caseTitle}" is now ${m.status}`,
    greeting: hello(m.firstName),
    blocks: [
      `The status of your case "${m.caseTitle}" changed to ${m.status}.`,
      { label: "See your case", url: m.link },
    ],
    unsubscribeUrl: m.unsubscribeUrl,
  });
}

/**
 * A key date's reminder (the member asked for it by adding the date): a week before, a day before,
 * or the morning after its day, with what to do next. Stopped from the profile, not by unsubscribing.
 */
export function keyDateReminderMail(
  site: MailSite,
  m: {
    firstName?: string | undefined;
    when: "week-before" | "day-before" | "day-after" | "soon";
    /** Days from today to the date, where the member lives (for a reminder sent at once: "soon"). */
    daysLeft: number;
    dayText: string;
    sentence: string;
    caseTitle: string;
    whatIfPassed: string | null;
    link: string;
    settingsLink: string;
  },
): ComposedMail {
  const subjects = {
    "week-before": `In a week: ${m.dayText}`,
    "day-before": `Tomorrow: ${m.dayText}`,
    "day-after": `Yesterday's date has passed: what to do next`,
    soon: `Coming up: ${m.dayText}`,
  } as const;
  const away = m.daysLeft <= 0 ? "today" : m.daysLeft === 1 ? "tomorrow" : `in ${m.daysLeft} days`;
  const intro = {
    "week-before": `A date in your case "${m.caseTitle}" is a week away.`,
    "day-before": `A date in your case "${m.caseTitle}" is tomorrow.`,
    "day-after": `A date in your case "${m.caseTitle}" was yesterday.`,
    soon: `A date in your case "${m.caseTitle}" is ${away}.`,
  } as const;
  return layout(site, {
    subject: subjects[m.when],
    greeting: hello(m.firstName),
    blocks: [
      intro[m.when],
      m.sentence,
      ...(m.when === "day-after" && m.whatIfPassed ? [`If it has not happened: ${m.whatIfPassed}`] : []),
      `This is legal information, not legal advice. Deadlines can depend on facts ${site.siteName} does not know; check with the court or a lawyer.`,
      { label: "See your key dates", url: m.link },
    ],
    reason: `You get this reminder because you added this date in ${site.siteName}. Turn key-date reminders off in your profile: ${m.settingsLink}`,
  });
}

/** Payment mail: a receipt, a failed payment, a trial about to end. */
/** The receipt for a template bought once. */
export function templateReceiptMail(
  site: MailSite,
  m: { template: string; price: string; link: string; unsubscribeUrl: string },
): ComposedMail {
  return layout(site, {
    subject: `Your ${site.siteName} purchase: ${m.template}`,
    greeting: "Hello,",
    blocks: [
      `Thank you: your payment of ${m.price} for the ${m.template} template went through. The template is yours to use as often as you like, whatever your plan.`,
      { label: "Open the template", url: m.link },
    ],
    unsubscribeUrl: m.unsubscribeUrl,
  });
}

export function paymentMail(
  site: MailSite,
  m: {
    kind: "receipt" | "failed" | "trial_ending";
    plan: string;
    endDate: string;
    link: string;
    unsubscribeUrl: string;
  },
): ComposedMail {
  const s = site.siteName;
  const mails = {
    receipt: {
      subject: `Your ${s} ${m.plan} payment`,
      blocks: [
        `Thank you: your payment for ${s} ${m.plan} went through. Your receipt from our payment provider is on its way separately.`,
        { label: "See or change your subscription", url: m.link },
      ],
    },
    failed: {
      subject: `Your ${s} ${m.plan} payment did not go through`,
      blocks: [
        `Your last payment for ${s} ${m.plan} did not go through. Your plan stays in force for a few days while you update your payment method.`,
        { label: "Update your payment method", url: m.link },
        "After that, your account moves to the Free plan. Nothing of yours is deleted.",
      ],
    },
    trial_ending: {
      subject: `Your ${s} ${m.plan} trial ends on ${m.endDate}`,
      blocks: [
        `Your free trial of ${s} ${m.plan} ends on ${m.endDate}. If you keep it, your subscription starts then and the first payment is taken; you can cancel before at no cost.`,
        { label: "See your subscription", url: m.link },
      ],
    },
  } satisfies Record<string, { subject: string; blocks: Block[] }>;
  return layout(site, { ...mails[m.kind], greeting: "Hello,", unsubscribeUrl: m.unsubscribeUrl });
}
