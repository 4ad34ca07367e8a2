/**
 * The offline assistant's general answers by topic, used when no AI provider is configured or
 * none answers. None asks for the member's state: the composer (`offline/legal-answer.ts`) asks
 * only when the case has not named one, and adds that state's figures when it has.
 */

const CLOSING =
  "\n\n*This is general legal information from LawGuide's offline assistant, not legal advice. Laws vary by state; a licensed attorney in your state can advise on your situation.*";

export const OFFLINE_ANSWERS: Record<string, string[]> = {
  "Housing & Tenancy": [
    `**Landlord and tenant questions usually turn on your lease and your state's rules.**

- **Security deposits:** most states set a deadline (often 14 to 30 days after move-out) for the landlord to return the deposit or send an itemized list of deductions. Normal wear and tear usually cannot be deducted.
- **Repairs:** landlords generally must keep the home fit to live in (heat, water, safety). Put repair requests in writing and keep copies.
- **Entry and eviction:** landlords usually must give notice before entering, and can only evict through the court process.

**Next steps:** gather your lease, photos from move-in and move-out, and your written messages. A polite written demand letter often resolves deposit disputes; small claims court is the usual next step if it does not.`,
  ],
  "Estate Planning": [
    `**A will says who receives your property and who looks after your young children.**

- **The basics:** name an executor, list who inherits what (specific gifts and "the rest"), and name a guardian for minor children.
- **Formalities matter:** most states require the will to be signed in front of two adult witnesses who do not inherit under it; a notarized self-proving affidavit makes probate easier.
- **Beyond the will:** retirement accounts and life insurance pass by their beneficiary forms, and a living trust can keep property out of probate.

**Next steps:** make a list of your assets and the people you want to provide for, then use LawGuide's will template or talk to an estate-planning attorney if your situation is complex (a business, property in several states, a blended family).`,
  ],
  "Family Law": [
    `**Family matters are decided under your state's law, and courts focus on children's best interests.**

- **Custody:** courts look at each parent's involvement, stability, the child's needs and, for older children, their wishes. Parenting plans agreed by both parents are usually approved.
- **Support:** child support follows state guidelines based on income and parenting time.
- **Divorce and separation:** property is divided under community-property or equitable-distribution rules depending on the state.

**Next steps:** write down your schedule with your child and your finances, and check your county court's self-help center for forms. Mediation is often faster and less costly than a trial.`,
  ],
  Employment: [
    `**Most US jobs are "at will", but there are important exceptions.**

- **Illegal reasons:** an employer may not fire you for discrimination (race, sex, age, disability and other protected traits) or in retaliation for complaining about unpaid wages, safety or harassment.
- **Pay:** you are generally owed all earned wages, and many states set deadlines for the final paycheck. Unpaid overtime can often be claimed with your state labor department.
- **Severance:** not required by law in most cases, but read any severance agreement carefully before signing away claims.

**Next steps:** write down dates, what was said, and keep pay stubs and messages. Deadlines to file complaints can be short (sometimes 180 days), so act promptly.`,
  ],
  Business: [
    `**A limited liability company (LLC) separates your business from your personal finances.**

- **Forming it:** choose a name, file articles of organization with your state, name a registered agent, and pay the filing fee.
- **Operating agreement:** sets out ownership, management, how profits are shared and what happens if a member leaves. Even single-member LLCs benefit from one.
- **After forming:** get an EIN from the IRS, open a business bank account, and keep business and personal money apart to protect your liability shield.

**Next steps:** check your state's business filing website for fees and annual reports, and use LawGuide's LLC operating agreement template. An accountant can help you choose how the LLC is taxed.`,
  ],
  Contracts: [
    `**Before signing a contract, read the clauses that decide risk and money.**

- **Scope and payment:** what exactly is delivered, when you are paid, and what happens if payment is late.
- **Termination:** how either side can end the contract and what is owed when it ends.
- **Liability and indemnity:** caps on damages, and any promise to cover the other side's losses.
- **Ownership and confidentiality:** who owns the work, and what you must keep secret.
- **Disputes:** which state's law applies, and whether disputes go to court or arbitration.

**Next steps:** ask for changes in writing before you sign; a contract can usually be negotiated. For large amounts or unusual terms, have an attorney review it.`,
  ],
  "Personal Injury": [
    `**After an accident, what you do in the first weeks shapes any claim.**

- **Fault and insurance:** claims usually turn on whether someone was careless (negligence) and on the insurance that covers them. Some states use no-fault car insurance for medical bills.
- **Evidence:** photos of the scene and injuries, witness names, the police or incident report, and every medical record and bill.
- **Deadlines:** every state limits how long you have to sue (the statute of limitations), often two or three years, and claims against a city or state agency can need notice within months.

**Next steps:** get medical care and keep the records, report the accident to your insurer, and be careful what you sign or say to the other side's insurer. Many injury attorneys offer a free first consultation.`,
  ],
  "Consumer & Debt": [
    `**You have rights when a business or a debt collector treats you unfairly.**

- **Debt collectors:** under the federal Fair Debt Collection Practices Act they must tell you the debt and the creditor, stop contacting you at work if asked, and may not harass you or threaten what they cannot do. You can ask them in writing to prove the debt.
- **Refunds and warranties:** the store's written policy and any warranty decide most refunds; a product that does not work as promised may be covered by an implied warranty.
- **Scams:** report them to your bank at once (card charges can often be disputed) and to the FTC at ReportFraud.ftc.gov.

**Next steps:** put your request or dispute in writing, keep copies and receipts, and check the date of any court papers: a debt lawsuit ignored usually ends in a default judgment.`,
  ],
  General: [
    `**Here is how to approach a legal question like this.**

- **Find the rules that apply:** the answer often depends on your state and on any contract or document involved.
- **Collect the facts:** dates, names, letters, e-mails, receipts and photos. A short timeline helps anyone who advises you.
- **Watch deadlines:** many legal claims must be brought within a set time.
- **Look for free help:** court self-help centers, legal aid organizations and your state bar's lawyer referral service.

**Next steps:** tell me a little more about what happened (what was agreed, what went wrong, what you would like to happen), and I can point you to the information that fits your situation.`,
    `**Thank you for explaining your situation. Here is some general information to start with.**

- Legal questions usually depend on **where you live** and on **any documents** involved (a lease, a contract, a court order).
- Write down **what happened and when**, and keep copies of everything in writing.
- Many problems can be solved with a **clear written request** to the other side before going to court.
- If a **court date or deadline** is involved, act quickly and consider speaking with an attorney.

**Next steps:** write down the key facts and dates, and tell me what outcome you are hoping for; I will explain the options that usually apply.`,
  ],
};

export const OFFLINE_CLOSING = CLOSING;
