import { TEMPLATE_OFFERS } from "../../template-offers";
import type { DocumentTemplate } from "../types";
import { DEFINITIONS_CLAUSE, field, personNameField, STATE_NAME, stateFields } from "./common";

const TRUST_NAME = "{{#if trustName}}{trustName}{{else}}The {grantorName} Revocable Living Trust{{/if}}";

const content = `REVOCABLE LIVING TRUST AGREEMENT
${TRUST_NAME}

This Revocable Living Trust Agreement is made by {grantorName}, of {grantorAddress}, State of ${STATE_NAME}, as grantor (the "Grantor"), and {{#if grantorIsTrustee = Yes}}{grantorName}{{else}}{initialTrustee}{{/if}}, as initial trustee. The initial trustee and every successor trustee are called the "Trustee."

ARTICLE {{article}}. CREATING THE TRUST

{{clause}} Name. The trust is called "${TRUST_NAME}" (the "Trust"). Property may be held in the name of the Trustee, as trustee of the Trust, followed by the date this agreement is signed.

{{clause}} Trust property. The Grantor transfers to the Trustee the property listed in Schedule A. The Trustee accepts it and will hold it, together with any property later added by the Grantor or anyone else (including by will or beneficiary designation), as the "Trust Estate" on the terms of this agreement. Property that is not titled in the name of the Trust or made payable to it is not governed by this agreement.

{{clause}} Revocation and amendment. While living, the Grantor may revoke or amend this Trust, in whole or in part, by a signed writing delivered to the Trustee. This power is personal to the Grantor and may not be exercised by anyone else, except by an agent under a durable power of attorney that expressly allows it. On the Grantor's death, the Trust becomes irrevocable.

ARTICLE {{article}}. DURING THE GRANTOR'S LIFETIME

{{clause}} Use of the Trust Estate. While the Grantor is living, the Trustee will pay to or use for the Grantor as much of the income and principal of the Trust Estate as the Grantor directs, and, if the Grantor gives no direction, as much as the Trustee considers appropriate for the Grantor's benefit.

{{clause}} Residence. The Grantor may live in any residence held in the Trust without paying rent.

{{clause}} Taxes. While the Grantor is living, the Trust's income is reported on the Grantor's own income tax returns.

ARTICLE {{article}}. INCAPACITY

{{clause}} When the Grantor is incapacitated. The Grantor is considered incapacitated when {{#if incapacityDetermination = One licensed physician}}one licensed physician who has examined the Grantor states in writing{{/if}}{{#if incapacityDetermination = Two licensed physicians}}two licensed physicians who have examined the Grantor each state in writing{{/if}}{{#if incapacityDetermination = A court}}a court of competent jurisdiction determines{{/if}} that the Grantor is unable to manage the Grantor's financial affairs prudently.

{{clause}} Health information. The Grantor authorizes any physician or health care provider to release to the named successor trustee the protected health information needed to decide whether the Grantor is incapacitated. This authorization is intended to satisfy federal health privacy law (HIPAA).

{{clause}} Care during incapacity. While the Grantor is incapacitated, {{#if grantorIsTrustee = Yes}}the successor trustee named below will serve as Trustee and {{else}}the Trustee {{/if}}will use the income and principal of the Trust Estate for the Grantor's health, support and maintenance in the Grantor's accustomed manner of living, and for anyone the Grantor is legally obliged to support.

{{clause}} Recovery. The Grantor's capacity is restored when {{#if incapacityDetermination = A court}}a court so determines{{else}}a licensed physician who has examined the Grantor states so in writing{{/if}}{{#if grantorIsTrustee = Yes}}, and the Grantor may then resume serving as Trustee{{/if}}.

ARTICLE {{article}}. TRUSTEES

{{clause}} Successor trustee. If {{#if grantorIsTrustee = Yes}}the Grantor{{else}}{initialTrustee}{{/if}} dies, resigns, becomes incapacitated or otherwise stops serving, {successorTrustee} will serve as successor trustee.{{#if alternateSuccessorTrustee}} If {successorTrustee} cannot or will not serve, {alternateSuccessorTrustee} will serve.{{/if}} If no named trustee can serve, a majority of the adult beneficiaries may appoint a successor trustee in writing, or a court may appoint one.

{{clause}} Resignation. A Trustee may resign by giving 30 days' written notice to the Grantor or, after the Grantor's death, to the adult beneficiaries.

{{clause}} Bond. No bond is required of any Trustee named in this agreement, to the extent the law allows.

{{clause}} Compensation. {{#if trusteeCompensation = Reasonable compensation}}A successor trustee is entitled to reasonable compensation for services and to repayment of reasonable expenses.{{else}}A successor trustee will serve without compensation but is entitled to repayment of reasonable expenses.{{/if}}

{{clause}} Powers. In addition to the powers given by the law of ${STATE_NAME}, the Trustee may:
{{item}} keep, buy, sell, exchange or lease any property, publicly or privately;
{{item}} invest and reinvest the Trust Estate as a prudent investor would;
{{item}} open and manage bank, brokerage and other accounts;
{{item}} hire and pay attorneys, accountants, investment advisers and other professionals;
{{item}} pay the expenses of the Trust, including taxes; and
{{item}} make distributions in cash or in kind.

{{clause}} Records and reports. The Trustee will keep accurate records of the Trust and give the beneficiaries the information and reports the law requires.

{{clause}} Certification of trust. The Trustee may give a bank or other third party a certification of trust instead of a copy of this agreement, where the law allows.

ARTICLE {{article}}. AFTER THE GRANTOR'S DEATH

{{clause}} Expenses. After the Grantor's death, the Trustee may pay the Grantor's legally enforceable debts, funeral expenses, the costs of administration and any taxes due because of the Grantor's death, to the extent the Grantor's probate estate does not pay them.

{{clause}} Beneficiaries. The Trustee will then distribute the remaining Trust Estate to the following beneficiaries:
{beneficiaries}

{{#if distributionMethod = In the shares I listed}}
{{clause}} Shares. Each beneficiary receives the share listed above. If the listed shares do not add up to the whole, they are adjusted in proportion so that they do.
{{/if}}
{{#if distributionMethod = In equal shares}}
{{clause}} Shares. The beneficiaries receive equal shares.
{{/if}}
{{#if distributionMethod = Custom terms}}
{{clause}} Terms of distribution. The Trust Estate is distributed on the following terms:
{customDistribution}
{{/if}}

{{clause}} A beneficiary who dies first. A beneficiary who does not survive the Grantor by 30 days is treated as having died before the Grantor. That beneficiary's share passes to the beneficiary's descendants who survive the Grantor, per stirpes, or, if there are none, to the other beneficiaries in proportion to their shares.

{{#if minorBeneficiaries = Yes}}
{{#if minorShareMethod = Keep in trust until a set age}}
{{clause}} Young beneficiaries. If a beneficiary is under age {distributionAge} when entitled to a distribution, the Trustee will keep that beneficiary's share in a separate trust. Until the beneficiary reaches age {distributionAge}, the Trustee may use as much of the income and principal as the Trustee considers proper for the beneficiary's health, education, maintenance and support, and will then distribute what remains to the beneficiary. If the beneficiary dies first, the remainder passes to the beneficiary's descendants, per stirpes, or, if there are none, to the Grantor's other beneficiaries in proportion to their shares.
{{else}}
{{clause}} Young beneficiaries. If a beneficiary is under 21 when entitled to a distribution, the Trustee may distribute that beneficiary's share to a custodian for the beneficiary under the Uniform Transfers to Minors Act of any state, to be held until the oldest age that Act allows.
{{/if}}
{{/if}}

{{clause}} Spendthrift protection. No beneficiary may sell, give away, pledge or otherwise transfer any interest in the Trust before receiving it, and, to the extent the law allows, no beneficiary's interest may be reached by the beneficiary's creditors before it is distributed.

{{#if includeNoContest}}
{{#unless state = Florida}}
{{clause}} No contest. To the extent the law allows, a beneficiary who directly contests the validity of this Trust or any of its provisions in court without probable cause forfeits any interest in the Trust, which then passes as if that beneficiary had died before the Grantor without descendants.
{{/unless}}
{{/if}}

ARTICLE {{article}}. GENERAL PROVISIONS

${DEFINITIONS_CLAUSE}

{{clause}} Governing law. This agreement is governed by the laws of the State of ${STATE_NAME}.

{{clause}} Severability. If any part of this agreement is held invalid, the rest stays in effect.

{{clause}} Headings. The headings are for convenience only and do not change the meaning of this agreement.

SIGNATURES

The Grantor signs this agreement as grantor{{#if grantorIsTrustee = Yes}} and as initial trustee{{/if}}, and certifies that the Grantor has read it and that it states the terms on which the Trust Estate is to be held, managed and distributed.

Date: ______________________

__________________________________________
{grantorName}, Grantor{{#if grantorIsTrustee = Yes}} and Trustee{{/if}}
{{#if grantorIsTrustee = No}}

__________________________________________
{initialTrustee}, Trustee
{{/if}}
{{#if state = Florida}}

Signed by the Grantor in our presence, and signed by us as witnesses in the presence of the Grantor and of each other:

Witness 1: ______________________________   Printed name: ______________________________
Address: _____________________________________________________

Witness 2: ______________________________   Printed name: ______________________________
Address: _____________________________________________________
{{/if}}

NOTARY ACKNOWLEDGMENT

{{#if state = California}}
A notary public or other officer completing this certificate verifies only the identity of the individual who signed the document to which this certificate is attached, and not the truthfulness, accuracy, or validity of that document.

State of California
County of ______________________

On ______________ before me, ______________________________ (insert name and title of the officer), personally appeared {grantorName}, who proved to me on the basis of satisfactory evidence to be the person(s) whose name(s) is/are subscribed to the within instrument and acknowledged to me that he/she/they executed the same in his/her/their authorized capacity(ies), and that by his/her/their signature(s) on the instrument the person(s), or the entity upon behalf of which the person(s) acted, executed the instrument.

I certify under PENALTY OF PERJURY under the laws of the State of California that the foregoing paragraph is true and correct.

WITNESS my hand and official seal.

Signature ______________________________ (Seal)
{{else}}
State of ${STATE_NAME}
County of ______________________

On ______________, 20____, before me, ______________________________, a notary public, personally appeared {grantorName}, personally known to me or proved to me on the basis of satisfactory evidence to be the individual whose name is signed to this instrument, who acknowledged signing it willingly for the purposes stated in it.

______________________________
Notary Public
My commission expires: ______________
(Seal)
{{/if}}

SCHEDULE A: TRUST PROPERTY

The Grantor transfers the following property to the Trust:
{trustProperty}

NOTES FOR THE GRANTOR (NOT PART OF THE AGREEMENT)

- A living trust controls only property transferred to it. Sign new deeds for real estate, retitle accounts in the name of the Trustee, and review beneficiary designations. A short "pour-over" will can catch property left outside the Trust.
- Keep the signed original in a safe place and give {successorTrustee} a copy or tell them where it is.
{{#if state = California}}
- California: After the Grantor's death, the trustee must notify the beneficiaries and the Grantor's heirs within 60 days (Probate Code section 16061.7). If you are married, property you and your spouse hold as community property can keep that character in the Trust; talk to an attorney about how to title it.
{{#if includeNoContest}}
- California enforces a no-contest clause only against certain contests brought without probable cause (Probate Code section 21311).
{{/if}}
{{/if}}
{{#if state = Texas}}
- Texas: If you are married, Texas community property rules affect what you can put in the Trust and who receives it; talk to an attorney about how to title community property.
{{/if}}
{{#if state = Florida}}
- Florida: The parts of a revocable trust that take effect at death are valid only if the Grantor signs it with the same formalities as a will, in the presence of two witnesses who sign in the Grantor's presence and each other's (Florida Statutes section 736.0403). The witness lines above are for that purpose.
{{#if includeNoContest}}
- Florida does not enforce no-contest clauses in trusts (Florida Statutes section 736.1108), so none is included.
{{/if}}
{{/if}}
{{#if state = New York}}
- New York: A lifetime trust must be in writing, signed by the Grantor and at least one trustee, and acknowledged before a notary or signed in the presence of two witnesses (Estates, Powers and Trusts Law section 7-1.17). Have the initial trustee sign too if that is someone other than you.
{{/if}}
{{#if state = Other}}
- {stateOther}: Signing, witnessing and notarization rules for trusts differ from state to state; check the rules of {stateOther} before signing.
{{/if}}`;

/** Revocable Living Trust (catalogue item living-trust; no template in the spec's table). */
export const livingTrustTemplate: DocumentTemplate = {
  id: "living-trust",
  name: TEMPLATE_OFFERS["living-trust"].name,
  description:
    "Hold your property in a trust you control during your life, with a successor trustee to manage it if you cannot and to pass it on after your death.",
  category: "Estate Planning",
  icon: "Landmark",
  estimatedTime: "25-30 minutes",
  complexity: TEMPLATE_OFFERS["living-trust"].complexity,
  price: TEMPLATE_OFFERS["living-trust"].priceCents / 100,
  stateSpecific: true,
  popularityRank: 4,
  aboutFields: [{ field: "trustName" }, { field: "grantorName", label: "Grantor:" }],
  legalNotices: [
    "Laws vary by state; have an attorney review before signing.",
    "The trust controls only property you transfer into it.",
    "A living trust does not by itself reduce income or estate taxes.",
  ],
  fields: [
    personNameField({ id: "grantorName", label: "Your Full Legal Name", placeholder: "e.g. Maria Elena Lopez" }),
    field({
      id: "grantorAddress",
      label: "Your Address",
      type: "address",
      required: true,
      placeholder: "Street, city, state and ZIP code",
    }),
    ...stateFields("State of Residence", "Your State"),
    field({
      id: "trustName",
      label: "Trust Name",
      type: "text",
      required: false,
      placeholder: "e.g. The Lopez Family Trust",
      helpText: "Leave blank to use 'The [your name] Revocable Living Trust'.",
    }),
    field({
      id: "grantorIsTrustee",
      label: "Serve as Your Own Trustee",
      type: "radio",
      required: true,
      options: ["Yes", "No"],
      helpText: "Most people manage their own trust while they are able to.",
    }),
    field({
      id: "initialTrustee",
      label: "Initial Trustee",
      type: "text",
      required: true,
      conditional: { dependsOn: "grantorIsTrustee", value: "No" },
      helpText: "The person or trust company who will manage the trust from the start.",
    }),
    field({
      id: "successorTrustee",
      label: "Successor Trustee",
      type: "text",
      required: true,
      placeholder: "e.g. David Chen",
      helpText: "Takes over if you become unable to manage the trust, and after your death.",
    }),
    field({
      id: "alternateSuccessorTrustee",
      label: "Alternate Successor Trustee",
      type: "text",
      required: false,
      helpText: "Serves if your successor trustee cannot. Optional.",
    }),
    field({
      id: "beneficiaries",
      label: "Beneficiaries",
      type: "textarea",
      required: true,
      placeholder: "e.g. Sara Lopez (daughter): 50%\nLuis Lopez (son): 50%",
      helpText: "One per line: name, relationship and, if you want unequal shares, the share.",
    }),
    field({
      id: "distributionMethod",
      label: "How to Divide the Trust",
      type: "select",
      required: true,
      options: ["In the shares I listed", "In equal shares", "Custom terms"],
    }),
    field({
      id: "customDistribution",
      label: "Custom Distribution Terms",
      type: "textarea",
      required: true,
      conditional: { dependsOn: "distributionMethod", value: "Custom terms" },
    }),
    field({
      id: "minorBeneficiaries",
      label: "Young Beneficiaries",
      type: "radio",
      required: true,
      options: ["Yes", "No"],
      helpText: "Choose Yes if a beneficiary is, or could be, under 21 when the trust is distributed.",
    }),
    field({
      id: "minorShareMethod",
      label: "Young Beneficiary's Share",
      type: "radio",
      required: true,
      options: ["Keep in trust until a set age", "Give to a custodian under the Uniform Transfers to Minors Act"],
      conditional: { dependsOn: "minorBeneficiaries", value: "Yes" },
    }),
    field({
      id: "distributionAge",
      label: "Age for Distribution",
      type: "number",
      required: true,
      placeholder: "e.g. 25",
      conditional: { dependsOn: "minorShareMethod", value: "Keep in trust until a set age" },
      validation: { min: 18, max: 35 },
    }),
    field({
      id: "trustProperty",
      label: "Trust Property",
      type: "textarea",
      required: true,
      placeholder: "e.g. Home at 12 Oak Street; savings account at First Bank",
      helpText: "This becomes Schedule A. You still need to retitle each item in the trust's name.",
    }),
    field({
      id: "incapacityDetermination",
      label: "Who Decides Incapacity",
      type: "select",
      required: true,
      options: ["One licensed physician", "Two licensed physicians", "A court"],
      helpText: "Who confirms that you can no longer manage your finances, so your successor trustee can step in.",
    }),
    field({
      id: "trusteeCompensation",
      label: "Successor Trustee Pay",
      type: "radio",
      required: true,
      options: ["Reasonable compensation", "Expenses only"],
    }),
    field({
      id: "includeNoContest",
      label: "Include a no-contest clause",
      type: "checkbox",
      required: false,
      helpText:
        "A beneficiary who challenges the trust in court without good reason loses their share. Not every state enforces this.",
    }),
  ],
  content,
};
