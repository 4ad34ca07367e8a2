import { TEMPLATE_OFFERS } from "../../template-offers";
import type { DocumentTemplate } from "../types";
import { field, STATE_NAME, stateFields } from "./common";

const DECIDER = "{{#if managementStructure = Manager-managed}}the Manager{{else}}a Majority in Interest{{/if}}";

const content = `OPERATING AGREEMENT
OF
{companyName}
a ${STATE_NAME} limited liability company

This Operating Agreement (this "Agreement") of {companyName} (the "Company") is made and takes effect on the date of the last signature below, by the person or persons listed in Schedule A (each a "Member" and together the "Members").{{#if state = Texas}} Under the Texas Business Organizations Code, this Agreement is the Company's "company agreement."{{/if}}

ARTICLE {{article}}. DEFINITIONS

{{clause}} "Act" means {{#if state = Delaware}}the Delaware Limited Liability Company Act (Title 6, Chapter 18 of the Delaware Code){{/if}}{{#if state = California}}the California Revised Uniform Limited Liability Company Act (Corporations Code section 17701.01 and following){{/if}}{{#if state = Texas}}the Texas Business Organizations Code, including Chapter 101{{/if}}{{#if state = Florida}}the Florida Revised Limited Liability Company Act (Chapter 605, Florida Statutes){{/if}}{{#if state = New York}}the New York Limited Liability Company Law{{/if}}{{#if state = Other}}the limited liability company law of the State of {stateOther}{{/if}}, as amended from time to time.

{{clause}} "Capital Contribution" means the money, property or services a Member contributes to the Company.

{{clause}} "Ownership Percentage" means a Member's percentage interest in the Company as set out in Schedule A, as adjusted under this Agreement.

{{clause}} "Majority in Interest" means Members whose Ownership Percentages together exceed 50%.

{{clause}} "Distributable Cash" means the Company's cash that is not needed for operations, debts and reasonable reserves, as decided by ${DECIDER}.

ARTICLE {{article}}. FORMATION AND PURPOSE

{{clause}} Formation. The Company was formed, or will be formed, by filing {{#if state = Delaware}}a Certificate of Formation with the Delaware Secretary of State, Division of Corporations{{/if}}{{#if state = California}}Articles of Organization (Form LLC-1) with the California Secretary of State{{/if}}{{#if state = Texas}}a Certificate of Formation (Form 205) with the Texas Secretary of State{{/if}}{{#if state = Florida}}Articles of Organization with the Florida Department of State, Division of Corporations{{/if}}{{#if state = New York}}Articles of Organization with the New York Department of State{{/if}}{{#if state = Other}}its formation document with the {stateOther} state filing office{{/if}}. The rights and duties of the Members are governed by this Agreement and, where this Agreement is silent, by the Act.

{{clause}} Name. The Company's name is {companyName}.

{{clause}} Principal office. The Company's principal office is at {principalAddress}, or at another place chosen by ${DECIDER}.

{{clause}} Registered agent. The Company's registered agent and registered office are those named in its filing with the state, as updated from time to time.

{{clause}} Purpose. The Company's purpose is:
{businessPurpose}
The Company may also carry on any other lawful business that a limited liability company may carry on under the Act.

{{clause}} Term. The Company continues until it is dissolved under this Agreement or the Act.

{{clause}} Fiscal year. The Company's fiscal year ends on {fiscalYear} of each year.{{#unless fiscalYear = December 31}} A tax year that does not end on December 31 may need an election or approval from the Internal Revenue Service.{{/unless}}

{{clause}} Property. All Company property is owned by the Company in its own name. No Member owns any Company property individually.

{{clause}} Limited liability. No Member{{#if managementStructure = Manager-managed}} or Manager{{/if}} is personally liable for the Company's debts, obligations or liabilities solely because of being a Member{{#if managementStructure = Manager-managed}} or Manager{{/if}}, except as the Act provides.

ARTICLE {{article}}. MEMBERS AND CAPITAL

{{clause}} Members. The Company has {{#if memberCount = 1}}one Member{{else}}{memberCount} Members{{/if}}. Each Member's name, Capital Contribution and Ownership Percentage are set out in Schedule A.

{{clause}} Initial capital. {{#if initialCapital = 0}}The Members have made no initial Capital Contributions in money.{{else}}The Members' initial Capital Contributions total {initialCapital}, as set out in Schedule A.{{/if}}

{{clause}} Additional contributions. No Member has to make any further Capital Contribution unless all Members agree in writing.

{{clause}} No interest or withdrawal. No Member earns interest on a Capital Contribution or may withdraw it except as this Agreement provides.

{{#unless memberCount = 1}}
{{clause}} Capital accounts. The Company will keep a separate capital account for each Member in line with Treasury Regulations section 1.704-1(b)(2)(iv).
{{/unless}}

{{clause}} New Members. A new Member may be admitted only with the written consent of all Members and on signing this Agreement.

ARTICLE {{article}}. PROFITS, LOSSES AND DISTRIBUTIONS

{{#if profitDistribution = Equal shares}}
{{clause}} Allocation. Profits and losses are allocated, and Distributable Cash is distributed, among the Members in equal shares, whatever their Capital Contributions or Ownership Percentages.
{{/if}}
{{#if profitDistribution = Based on ownership percentage}}
{{clause}} Allocation. Profits and losses are allocated, and Distributable Cash is distributed, among the Members in proportion to their Ownership Percentages.
{{/if}}
{{#if profitDistribution = Custom arrangement}}
{{clause}} Allocation. Profits and losses are allocated, and Distributable Cash is distributed, among the Members as follows:
{customDistribution}
{{/if}}

{{clause}} Timing. Distributions are made at times decided by ${DECIDER}.

{{clause}} Limits. No distribution may be made if, after it, the Company could not pay its debts as they become due or the Act otherwise forbids it.

{{#unless memberCount = 1}}
{{clause}} Tax distributions. To the extent Distributable Cash allows, the Company may distribute to each Member enough cash to pay the income taxes on the Company income allocated to that Member.
{{/unless}}

ARTICLE {{article}}. MANAGEMENT

{{#if managementStructure = Member-managed}}
{{clause}} Member management. The Company is managed by its Members. Decisions in the ordinary course of business are made by a Majority in Interest, and any Member may carry out those decisions on the Company's behalf.
{{else}}
{{clause}} Manager management. The Company is managed by {managerNames} (the "Manager"), who need not be a Member. The Manager has full authority to run the Company's business in the ordinary course.

{{clause}} Removal and replacement. The Manager serves until resigning or being removed by a Majority in Interest, who may also appoint a replacement.

{{clause}} Members. Members who are not the Manager have no authority to act for or bind the Company.
{{/if}}

{{clause}} Major decisions. The following need the written consent of all Members:
{{item}} selling, leasing or otherwise disposing of all or substantially all of the Company's assets;
{{item}} merging, converting or dissolving the Company;
{{item}} amending this Agreement or the Company's formation document;
{{item}} admitting a new Member;
{{item}} borrowing money, or guaranteeing another person's debt, outside the ordinary course of business; and
{{item}} any transaction between the Company and a Member{{#if managementStructure = Manager-managed}} or the Manager{{/if}}, or a relative or affiliate of either.

{{clause}} Duties. Each Member{{#if managementStructure = Manager-managed}} and the Manager{{/if}} will act in good faith and in the Company's best interests and will meet the duties of loyalty and care that the Act imposes.

{{clause}} Expenses. The Company will repay reasonable expenses that a Member{{#if managementStructure = Manager-managed}} or the Manager{{/if}} pays on the Company's behalf.

{{clause}} Records and bank accounts. The Company will keep complete books and records at its principal office, which any Member may inspect on reasonable notice. Company money will be kept in accounts in the Company's name and never mixed with any Member's personal money.

{{clause}} Action without a meeting. Any action the Members may take at a meeting may be taken without one by written consent of the Members needed to approve it.

ARTICLE {{article}}. TRANSFER OF INTERESTS

{{#if memberCount = 1}}
{{clause}} Transfers. The sole Member may transfer all or part of the Member's interest. A person who receives the whole interest becomes a Member on signing this Agreement.

{{clause}} Death or incapacity. If the sole Member dies or becomes incapacitated, the Member's legal representative or successor may exercise the Member's rights so that the Company continues.
{{else}}
{{clause}} Consent required. No Member may sell, give, pledge or otherwise transfer all or part of the Member's interest without the written consent of all other Members. A person who receives an interest without that consent receives only the right to the transferring Member's share of distributions, and no right to vote or take part in management.

{{clause}} Right of first refusal. Before transferring an interest to anyone who is not a Member, a Member must first offer it in writing to the other Members on the same terms, in proportion to their Ownership Percentages. The other Members have 30 days to accept.

{{clause}} Death or incapacity. If a Member dies or becomes incapacitated, the Company continues, and the Member's estate or legal representative holds the Member's right to distributions.
{{/if}}

ARTICLE {{article}}. INDEMNIFICATION

{{clause}} To the extent the Act allows, the Company will indemnify each Member{{#if managementStructure = Manager-managed}} and the Manager{{/if}} against losses and reasonable expenses arising from acts done in good faith on the Company's behalf, except for gross negligence, willful misconduct, a knowing violation of law or a breach of this Agreement.

ARTICLE {{article}}. TAXES

{{#if memberCount = 1}}
{{clause}} With one Member, the Company is disregarded as an entity separate from its owner for federal income tax purposes unless it elects to be taxed as a corporation.
{{else}}
{{clause}} With more than one Member, the Company is treated as a partnership for federal income tax purposes unless it elects to be taxed as a corporation.

{{clause}} A Majority in Interest will designate a partnership representative under section 6223 of the Internal Revenue Code.
{{/if}}

ARTICLE {{article}}. DISSOLUTION

{{clause}} Events. The Company is dissolved on the written consent of all Members, when it no longer has any Member (unless continued as the Act allows), or by court order.

{{clause}} Winding up. On dissolution, the Company's assets will be used first to pay its creditors, then to set up reasonable reserves, and the rest will be distributed {{#if memberCount = 1}}to the Member{{else}}to the Members in line with their positive capital account balances{{/if}}.

ARTICLE {{article}}. GENERAL PROVISIONS

{{clause}} Governing law. This Agreement is governed by the laws of the State of ${STATE_NAME}.

{{clause}} Entire agreement. This Agreement, including Schedule A, is the entire agreement among the Members about the Company. It may be amended only in writing signed by all Members.

{{clause}} Severability. If any part of this Agreement is found unenforceable, the rest stays in effect.

{{clause}} Binding effect. This Agreement binds and benefits the Members and their permitted successors. It does not give any right to a creditor or other third party.

{{clause}} Counterparts. This Agreement may be signed in counterparts and with electronic signatures, which together form one agreement.

SIGNATURES

{{#if memberCount = 1}}
Sole Member:

Signature: __________________________________   Date: ______________
Printed name: ______________________________
{{else}}
Members (every Member listed in Schedule A signs; add signature blocks as needed):

Signature: __________________________________   Date: ______________
Printed name: ______________________________

Signature: __________________________________   Date: ______________
Printed name: ______________________________
{{/if}}

{{#if managementStructure = Manager-managed}}
Accepted by the Manager, {managerNames}:

Signature: __________________________________   Date: ______________
{{/if}}

SCHEDULE A: MEMBERS, CAPITAL CONTRIBUTIONS AND OWNERSHIP PERCENTAGES

Number of Members: {memberCount}
Total initial Capital Contributions: {initialCapital}

{memberNames}

FILING AND COMPLIANCE NOTES (NOT PART OF THE AGREEMENT)

- Keep this Agreement with the Company's records. It is not filed with the state.
- Get an Employer Identification Number (EIN) from the IRS, open a bank account in the Company's name, and check which business licenses your city, county and state require. Filing fees and deadlines change; check the state's website for current amounts.
{{#if state = Delaware}}
- Delaware: The Certificate of Formation is filed with the Division of Corporations (6 Del. C. section 18-201). The Company must keep a registered agent in Delaware and pay an annual limited liability company tax, due by June 1 each year.
{{/if}}
{{#if state = California}}
- California: Articles of Organization (Form LLC-1) are filed with the Secretary of State. A Statement of Information (Form LLC-12) is due within 90 days of filing and every two years after that. The Company must pay the annual minimum franchise tax ($800) to the Franchise Tax Board.
{{/if}}
{{#if state = Texas}}
- Texas: The Certificate of Formation (Form 205) is filed with the Secretary of State. Each year the Company files a franchise tax report and a Public Information Report with the Comptroller, normally due May 15, even when no tax is owed.
{{/if}}
{{#if state = Florida}}
- Florida: Articles of Organization are filed with the Division of Corporations. An annual report is due between January 1 and May 1 each year; a late fee applies after May 1.
{{/if}}
{{#if state = New York}}
- New York: Articles of Organization are filed with the Department of State. The Members must adopt a written operating agreement within 90 days after filing (Limited Liability Company Law section 417). Within 120 days after filing, the Company must publish a notice of its formation once a week for six weeks in two newspapers chosen by the county clerk and file a Certificate of Publication; otherwise its authority to do business is suspended (section 206). A biennial statement is due every two years.
{{/if}}
{{#if state = Other}}
- {stateOther}: Check the {stateOther} filing office for the formation document, registered agent rules, annual reports and fees.
{{/if}}`;

/** LLC Operating Agreement (spec section 3 templates table: llc). */
export const llcTemplate: DocumentTemplate = {
  id: "llc",
  name: TEMPLATE_OFFERS.llc.name,
  description: "Set out how your limited liability company is owned, managed and run, and how profits are shared.",
  category: "Business Formation",
  icon: "Building2",
  estimatedTime: "20-25 minutes",
  complexity: TEMPLATE_OFFERS.llc.complexity,
  price: TEMPLATE_OFFERS.llc.priceCents / 100,
  stateSpecific: true,
  popularityRank: 3,
  aboutFields: [{ field: "companyName" }],
  legalNotices: [
    "This agreement does not form your LLC; you must also file with your state.",
    "Laws and filing fees vary by state; have an attorney review before signing.",
    "Talk to a tax adviser about how your LLC will be taxed.",
  ],
  fields: [
    field({
      id: "companyName",
      label: "Company Name",
      type: "text",
      required: true,
      placeholder: "e.g. Bright Path Consulting LLC",
      helpText: "The exact name on file with the state, including LLC.",
      validation: {
        pattern: "^\\S.*[\\s,](LLC|L\\.L\\.C\\.|Limited Liability Company)$",
        message: "Company Name must end with LLC, L.L.C. or Limited Liability Company",
      },
    }),
    ...stateFields("State of Formation", "State Name", {
      options: ["Delaware", "California", "Texas", "Florida", "New York", "Other"],
    }),
    field({
      id: "principalAddress",
      label: "Principal Office Address",
      type: "address",
      required: true,
      placeholder: "Street, city, state and ZIP code",
    }),
    field({
      id: "businessPurpose",
      label: "Business Purpose",
      type: "textarea",
      required: true,
      placeholder: "e.g. Providing marketing consulting services to small businesses.",
    }),
    field({
      id: "memberCount",
      label: "Number of Members",
      type: "number",
      required: true,
      placeholder: "e.g. 2",
      helpText: "Members are the owners of the LLC.",
      validation: { min: 1, max: 50 },
    }),
    field({
      id: "memberNames",
      label: "Members and Ownership",
      type: "textarea",
      required: true,
      placeholder: "e.g. Ana Ruiz: $5,000, 50%\nBen Ortiz: $5,000, 50%",
      helpText: "One member per line: name, capital contribution and ownership percentage.",
    }),
    field({
      id: "managementStructure",
      label: "Management Structure",
      type: "radio",
      required: true,
      options: ["Member-managed", "Manager-managed"],
      helpText: "Member-managed: the owners run the business. Manager-managed: one or more named managers do.",
    }),
    field({
      id: "managerNames",
      label: "Manager Name",
      type: "text",
      required: true,
      placeholder: "e.g. Ana Ruiz",
      conditional: { dependsOn: "managementStructure", value: "Manager-managed" },
    }),
    field({
      id: "initialCapital",
      label: "Total Initial Capital",
      type: "currency",
      required: true,
      placeholder: "e.g. 10,000.00",
      helpText: "The total of all members' first contributions. Enter 0 if none.",
      validation: { min: 0 },
    }),
    field({
      id: "profitDistribution",
      label: "Profit Distribution",
      type: "select",
      required: true,
      options: ["Equal shares", "Based on ownership percentage", "Custom arrangement"],
    }),
    field({
      id: "customDistribution",
      label: "Custom Distribution Terms",
      type: "textarea",
      required: true,
      placeholder:
        "e.g. 60% to Ana Ruiz and 40% to Ben Ortiz until each has received back their contribution, then equally.",
      conditional: { dependsOn: "profitDistribution", value: "Custom arrangement" },
    }),
    field({
      id: "fiscalYear",
      label: "Fiscal Year End",
      type: "select",
      required: true,
      options: ["December 31", "March 31", "June 30", "September 30"],
    }),
  ],
  content,
};
