import { TEMPLATE_OFFERS } from "../../template-offers";
import type { DocumentTemplate } from "../types";
import { DEFINITIONS_CLAUSE, field, personNameField, STATE_NAME, stateFields } from "./common";

const content = `LAST WILL AND TESTAMENT
OF
{fullName}

I, {fullName}, of {address}, in the State of ${STATE_NAME}, being of sound mind and acting of my own free will, declare this to be my Last Will and Testament. I revoke all wills and codicils I have made before.

ARTICLE {{article}}. MY FAMILY

{{clause}} Marital status. {{#if maritalStatus = Married}}I am married to {spouseName}, referred to in this Will as "my spouse."{{/if}}{{#if maritalStatus = Single}}I am not married.{{/if}}{{#if maritalStatus = Divorced}}I am divorced and not remarried.{{/if}}{{#if maritalStatus = Widowed}}I am widowed and not remarried.{{/if}}

{{#if children = Yes}}
{{clause}} Children. My children are:
{childrenNames}
References in this Will to "my children" mean the children named above and any child born to or adopted by me after I sign this Will.
{{else}}
{{clause}} Children. I have no children.
{{/if}}

ARTICLE {{article}}. EXECUTOR

{{clause}} Appointment. I appoint {executor}, of {executorAddress}, as Executor of this Will.{{#if alternateExecutor}} If {executor} dies before me, is unable or unwilling to serve, or stops serving, I appoint {alternateExecutor} as Executor.{{/if}}

{{clause}} Bond. No bond or other security is to be required of any Executor named in this Will, to the extent the law allows.

{{clause}} Powers. In addition to the powers the law gives, my Executor may, without a court order to the extent the law allows: collect, manage, sell, lease or exchange any of my property, publicly or privately; pay my debts and the costs of my estate; settle claims for or against my estate; hire and pay professional advisers; and sign any document needed to carry out this Will.

{{#if state = Texas}}
{{clause}} Independent administration. I direct that my estate be administered as an independent administration and that no action be had in the county court in relation to the settlement of my estate other than the probating and recording of this Will and the return of the inventory, appraisement and list of claims required by law.
{{/if}}
{{#if state = California}}
{{clause}} Independent administration. I authorize my Executor to administer my estate under the Independent Administration of Estates Act (California Probate Code section 10400 and following).
{{/if}}

ARTICLE {{article}}. DEBTS, EXPENSES AND TAXES

{{clause}} My Executor shall pay from my residuary estate my legally enforceable debts, my funeral and burial expenses and the costs of administering my estate. A debt secured by property, such as a mortgage, need not be paid off before the property passes under this Will.

{{clause}} Any estate, inheritance or similar taxes payable because of my death shall be paid from my residuary estate as a cost of administration, unless the law requires otherwise.

ARTICLE {{article}}. MY PROPERTY

{{clause}} Main assets. To help my Executor, I note that my main assets when I sign this Will include:
{assets}
This list does not limit this Will, which disposes of all property I own at my death, including property I acquire after signing it.

{{#if maritalStatus = Married}}
{{#if state = California}}
{{clause}} Community property. I confirm to my spouse my spouse's one-half interest in our community property and quasi-community property. This Will disposes only of my separate property and my one-half interest in our community and quasi-community property.
{{/if}}
{{#if state = Texas}}
{{clause}} Community property. I confirm to my spouse my spouse's one-half interest in our community property. This Will disposes only of my separate property and my one-half interest in our community property.
{{/if}}
{{/if}}
{{#if specificBequests}}
ARTICLE {{article}}. SPECIFIC GIFTS

{{clause}} I make the following specific gifts:
{specificBequests}

{{clause}} If a person named to receive a specific gift does not survive me, that gift becomes part of my residuary estate, unless the law of my state provides otherwise.

{{clause}} Each specific gift passes subject to any debt secured by the gifted property, unless I have stated otherwise above.
{{/if}}

ARTICLE {{article}}. RESIDUARY ESTATE

{{clause}} I give all the rest of my property, of every kind and wherever located, including any gift that fails (my "residuary estate"), to {residualBeneficiary}.

{{clause}} If {residualBeneficiary} does not survive me or no longer exists at my death, {{#if children = Yes}}I give my residuary estate to my descendants who survive me, per stirpes.{{else}}I give my residuary estate to the persons who would inherit it under the laws of the State of ${STATE_NAME} in effect at my death, as if I had died without a will.{{/if}}

{{#if guardian}}
ARTICLE {{article}}. GUARDIAN OF MY MINOR CHILDREN

{{clause}} If any of my children is a minor at my death and a guardian is needed, I nominate {guardian} as guardian of the person and estate of that child.

{{clause}} I ask that no bond be required of the guardian named in this Will, to the extent the law allows.
{{/if}}

ARTICLE {{article}}. GENERAL PROVISIONS

{{clause}} Survivorship. A person who does not survive me by 120 hours is treated as having died before me for the purposes of this Will.

{{clause}} Property for young beneficiaries. If a person entitled to property under this Will is under 21 at my death, my Executor may deliver that property to a custodian for that person under the Uniform Transfers to Minors Act of any state, to be held until the oldest age that Act allows.

${DEFINITIONS_CLAUSE}

{{clause}} Governing law. This Will is to be interpreted under the laws of the State of ${STATE_NAME}.

{{clause}} Severability. If any part of this Will is held invalid, the remaining parts stay in effect.

{{clause}} Headings. The headings in this Will are for convenience only and do not change its meaning.

SIGNATURE OF TESTATOR

I sign this Will, which consists of this and the preceding pages, in the presence of the witnesses who sign below{{#if state = New York}}, and I declare to each of them that this instrument is my Will{{/if}}.

Date: ______________________    Place (city and state): ______________________________

__________________________________________
{fullName}, Testator

ATTESTATION OF WITNESSES

On the date written above, {fullName} (the "testator") declared to us that this instrument is the testator's Will, and signed it in our presence. At the testator's request, in the testator's presence and in the presence of each other, we now sign our names as witnesses. Each of us is an adult. To the best of our knowledge the testator is of sound mind and is not acting under duress, fraud or undue influence. Neither of us receives anything under this Will.{{#if state = California}} We declare under penalty of perjury under the laws of the State of California that the foregoing is true and correct.{{/if}}

Witness 1 signature: ______________________________   Date: ______________
Printed name: ______________________________
Address: _____________________________________________________

Witness 2 signature: ______________________________   Date: ______________
Printed name: ______________________________
Address: _____________________________________________________

{{#unless state = California}}
{{#if state = New York}}
AFFIDAVIT OF ATTESTING WITNESSES

State of New York      )
                       ) ss.:
County of ____________ )

Each of the undersigned, being duly sworn, states:

The attached Will was signed in our presence and sight at its end by {fullName}, the testator, on ______________, 20____, at ______________________________. When signing, the testator declared the instrument to be the testator's Last Will and Testament. Each of us then signed as a witness at the end of the Will, at the testator's request, in the testator's presence and sight and in the presence and sight of each other.

When the Will was signed, the testator was over 18 years of age and, in our opinion, of sound mind, memory and understanding, and not under any restraint or in any respect incompetent to make a will. The testator could read, write and converse in the English language and had no defect of sight, hearing or speech, or other physical or mental impairment, that would affect the testator's capacity to make a valid will. The Will was signed as a single original instrument and not in counterparts.

Each of us was acquainted with the testator when the Will was signed and makes this affidavit at the testator's request.

______________________________           ______________________________
Witness 1                                Witness 2

Sworn to before me on ______________, 20____.

______________________________
Notary Public
My commission expires: ______________
{{else}}
SELF-PROVING AFFIDAVIT

State of ${STATE_NAME}
County of ______________________

{{#if state = Florida}}
I, {fullName}, declare to the officer taking my acknowledgment of this instrument, and to the subscribing witnesses, that I signed this instrument as my Will.

__________________________________________
{fullName}, Testator

We, ______________________________ and ______________________________, have been sworn by the officer signing below, and declare to that officer on our oaths that the testator declared the instrument to be the testator's Will and signed it in our presence and that we each signed the instrument as a witness in the presence of the testator and of each other.

______________________________           ______________________________
Witness 1                                Witness 2

Acknowledged and subscribed before me, by means of [ ] physical presence or [ ] online notarization, by the testator, {fullName}, who is personally known to me or who has produced ______________________ as identification, and sworn to and subscribed before me by the witnesses, ______________________ (who is personally known to me or who has produced ______________________ as identification) and ______________________ (who is personally known to me or who has produced ______________________ as identification), and subscribed by me in the presence of the testator and the subscribing witnesses, all on ______________, 20____.
{{else}}
Before me, the undersigned authority, on this day personally appeared {fullName}, the testator, and ______________________________ and ______________________________, the witnesses, each known to me or proved to me on satisfactory evidence to be the persons whose names are signed to the attached Will, who, being first duly sworn, declared to me that:

(a) the testator declared the instrument to be the testator's Last Will and Testament, and signed it willingly as the testator's free and voluntary act for the purposes expressed in it;
(b) each witness, at the testator's request, in the presence and hearing of the testator and of each other, signed the Will as a witness; and
(c) to the best of each witness's knowledge, the testator was then 18 years of age or older{{#if state = Texas}} (or otherwise legally able to make a will under Texas law){{/if}}, of sound mind and under no constraint or undue influence{{#if state = Texas}}, and each witness was then at least 14 years of age{{/if}}.

__________________________________________
{fullName}, Testator

______________________________           ______________________________
Witness 1                                Witness 2

Subscribed and sworn to before me by {fullName}, the testator, and by the witnesses named above, on ______________, 20____.
{{/if}}

______________________________
Notary Public, State of ${STATE_NAME}
Printed name: ______________________________
My commission expires: ______________
(Seal)
{{/if}}
{{/unless}}

SIGNING INSTRUCTIONS (NOT PART OF THE WILL; REMOVE BEFORE SIGNING)

- Sign this Will only when both witnesses are present and watching. Choose adult witnesses who receive nothing under the Will and are not married to anyone who does.
- Initial each page at the bottom, and do not staple anything to or remove anything from the signed original.
- Keep the signed original in a safe place, such as a fireproof box or your attorney's office, and tell {executor} where it is.
- Review this Will after major life events such as marriage, divorce, the birth or adoption of a child, or a move to another state.
{{#if state = California}}
- California: Two witnesses must be present at the same time to watch you sign or acknowledge your signature, and must understand that the document is your will (Probate Code section 6110). A gift to a witness may be presumed to have been made under duress or undue influence (section 6112). California does not use a separate notarized affidavit; the witnesses' declaration under penalty of perjury above allows the Will to be proved without their testimony.
{{#if maritalStatus = Married}}
- California is a community property state. Your Will can only dispose of your half of community and quasi-community property and your separate property.
{{/if}}
{{/if}}
{{#if state = Texas}}
- Texas: The Will must be signed by you and attested by two credible witnesses who are at least 14 years old and sign in your presence (Estates Code section 251.051). The self-proving affidavit must be signed before a notary; Estates Code section 251.104 sets out its wording, so compare the affidavit above with the statute before signing.
{{#if maritalStatus = Married}}
- Texas is a community property state. Your Will can only dispose of your separate property and your half of community property.
{{/if}}
{{/if}}
{{#if state = Florida}}
- Florida: Sign at the end of the Will in the presence of two attesting witnesses, who must sign in your presence and in the presence of each other (Florida Statutes section 732.502). The self-proving affidavit (section 732.503) is signed before a notary at the same time.
- If you own a Florida homestead and are survived by a spouse or minor child, the Florida Constitution limits how you can leave that home.
{{#if maritalStatus = Married}}
- A surviving spouse in Florida may claim an elective share of 30% of the elective estate, whatever this Will says (section 732.2065).
{{/if}}
{{/if}}
{{#if state = New York}}
- New York: Sign at the end of the Will and tell each witness that it is your will. The two witnesses must sign within one 30-day period (Estates, Powers and Trusts Law section 3-2.1). The witnesses' affidavit above lets the court accept the Will without their testimony (Surrogate's Court Procedure Act section 1406).
{{#if maritalStatus = Married}}
- A surviving spouse in New York may elect to take the greater of $50,000 or one-third of the net estate, whatever this Will says (Estates, Powers and Trusts Law section 5-1.1-A).
{{/if}}
{{/if}}
{{#if state = Other}}
- {stateOther}: Most states require two adult witnesses. Rules on notarization, self-proving affidavits, a spouse's rights and community property differ from state to state, so check the rules of {stateOther} before signing.
{{/if}}`;

/** Last Will and Testament (spec section 3 templates table: will). */
export const willTemplate: DocumentTemplate = {
  id: "will",
  name: TEMPLATE_OFFERS.will.name,
  description:
    "Say who receives your property, who handles your estate, and who you would like to care for your minor children.",
  category: "Estate Planning",
  icon: "ScrollText",
  estimatedTime: "15-20 minutes",
  complexity: TEMPLATE_OFFERS.will.complexity,
  price: TEMPLATE_OFFERS.will.priceCents / 100,
  stateSpecific: true,
  popularityRank: 1,
  aboutFields: [{ field: "fullName", label: "Will of" }],
  legalNotices: [
    "Laws vary by state; have an attorney review your will before signing.",
    "A will takes effect only when signed and witnessed as your state requires.",
    "Property with a named beneficiary or held jointly may pass outside your will.",
    "This document is legal information, not legal advice.",
  ],
  fields: [
    personNameField({
      id: "fullName",
      label: "Your Full Legal Name",
      placeholder: "e.g. Maria Elena Lopez",
      helpText: "Your name as it appears on official documents.",
    }),
    ...stateFields("State of Residence", "Your State", {
      helpText: "The state where you live. Its law decides how your will must be signed.",
    }),
    field({
      id: "address",
      label: "Your Address",
      type: "address",
      required: true,
      placeholder: "Street, city, state and ZIP code",
    }),
    field({
      id: "maritalStatus",
      label: "Marital Status",
      type: "select",
      required: true,
      options: ["Single", "Married", "Divorced", "Widowed"],
    }),
    personNameField({
      id: "spouseName",
      label: "Spouse's Full Name",
      placeholder: "e.g. James Robert Lopez",
      conditional: { dependsOn: "maritalStatus", value: "Married" },
    }),
    field({
      id: "children",
      label: "Children",
      type: "radio",
      required: true,
      options: ["Yes", "No"],
      helpText: "Do you have any children, including adopted children?",
    }),
    field({
      id: "childrenNames",
      label: "Children's Full Names",
      type: "textarea",
      required: true,
      placeholder: "One child per line",
      conditional: { dependsOn: "children", value: "Yes" },
    }),
    field({
      id: "guardian",
      label: "Guardian for Minor Children",
      type: "text",
      required: false,
      placeholder: "e.g. Ana Lopez",
      helpText: "The person you would like to care for any child under 18 if no parent can. Leave blank if none.",
      conditional: { dependsOn: "children", value: "Yes" },
    }),
    field({
      id: "executor",
      label: "Executor's Full Name",
      type: "text",
      required: true,
      placeholder: "e.g. David Chen",
      helpText: "The person who will collect your property, pay your debts and carry out your will.",
    }),
    field({
      id: "executorAddress",
      label: "Executor's Address",
      type: "address",
      required: true,
      placeholder: "Street, city, state and ZIP code",
    }),
    field({
      id: "alternateExecutor",
      label: "Alternate Executor",
      type: "text",
      required: false,
      helpText: "Someone to serve if your first choice cannot. Optional.",
    }),
    field({
      id: "assets",
      label: "Main Assets",
      type: "textarea",
      required: true,
      placeholder: "e.g. Home at 12 Oak Street; savings at First Bank; 2019 Honda Civic",
      helpText: "A general description is enough. Your will covers everything you own, listed or not.",
    }),
    field({
      id: "specificBequests",
      label: "Specific Gifts",
      type: "textarea",
      required: false,
      placeholder: "e.g. My piano to my niece, Sara Lopez",
      helpText: "One gift per line: the item and who receives it. Leave blank if none.",
    }),
    field({
      id: "residualBeneficiary",
      label: "Beneficiary of the Rest of Your Estate",
      type: "text",
      required: true,
      placeholder: "e.g. My spouse, James Robert Lopez",
      helpText: "The person or charity who receives everything not given away above.",
    }),
  ],
  content,
};
