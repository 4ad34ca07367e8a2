import { TEMPLATE_OFFERS } from "../../template-offers";
import type { DocumentTemplate } from "../types";
import { field } from "./common";

const CONDUCT = "{{#if conductType = Other}}{conductOther}{{else}}{conductType}{{/if}}";

const content = `{senderName}
{senderAddress}
{{#if senderEmail}}
{senderEmail}
{{/if}}

{generatedDate}

{{#if deliveryMethod}}
Sent by: {deliveryMethod}

{{/if}}
{recipientName}
{recipientAddress}

Re: Demand to cease and desist (${CONDUCT})

Dear {recipientName}:

I am writing to demand that you stop the conduct described in this letter.

WHAT HAS HAPPENED

{{#if conductType = Harassment}}
Since {startDate}, you have repeatedly directed unwanted conduct at me that I consider harassment.
{{/if}}
{{#if conductType = Defamation}}
Since {startDate}, you have made false statements of fact about me to other people that damage my reputation.
{{/if}}
{{#if conductType = Copyright infringement}}
Since {startDate}, you have copied, distributed, displayed or otherwise used work in which I own the copyright, without my permission.
{{/if}}
{{#if conductType = Trademark infringement}}
Since {startDate}, you have used a name, logo or other mark that is the same as or confusingly similar to a mark I own, without my permission.
{{/if}}
{{#if conductType = Breach of contract}}
Since {startDate}, you have failed to meet your obligations under the agreement between us.
{{/if}}
{{#if conductType = Debt collection practices}}
Since {startDate}, you have contacted me about a debt you are trying to collect, in a way I object to.
{{/if}}
{{#if conductType = Other}}
Since {startDate}, you have engaged in the following conduct, which I object to: {conductOther}.
{{/if}}

In particular:
{description}

WHAT I DEMAND

I demand that you:
{{#if conductType = Harassment}}
{{item}} immediately stop all contact with me, whether in person, by phone, text, email or social media, or through other people;
{{item}} stay away from my home and my workplace;
{{/if}}
{{#if conductType = Defamation}}
{{item}} immediately stop making the statements described above;
{{item}} remove or correct the statements wherever you have published them, including online;
{{/if}}
{{#if conductType = Copyright infringement}}
{{item}} immediately stop copying, distributing, displaying, selling or otherwise using my work;
{{item}} remove my work from every website, platform and product you control;
{{/if}}
{{#if conductType = Trademark infringement}}
{{item}} immediately stop using the mark, and any confusingly similar mark, in connection with any goods or services;
{{item}} remove the mark from your signs, websites, social media accounts, products and marketing;
{{/if}}
{{#if conductType = Breach of contract}}
{{item}} do what the agreement requires of you, or propose in writing how you will put right your failure to do so;
{{/if}}
{{#if conductType = Debt collection practices}}
{{item}} stop communicating with me about this debt. Under section 805(c) of the Fair Debt Collection Practices Act (15 U.S.C. section 1692c(c)), once a debt collector receives this written request it may contact me only to confirm that it is stopping its efforts or to tell me about a specific action it or the creditor may take. This letter does not admit that I owe the debt;
{{/if}}
{{#if conductType = Other}}
{{item}} immediately stop the conduct described above;
{{/if}}
{{item}} confirm to me in writing, within {deadlineDays} days of the date of this letter, that you have done so.

Please keep all documents, messages and electronic records that relate to this matter, as they may be needed as evidence.

WHAT HAPPENS NEXT

If you do not comply within that time, I am prepared to consider further steps to protect my rights, which may include: {consequences|lower}.

This letter does not describe every fact or claim relating to this matter. I reserve all of my rights and remedies, and nothing in this letter gives up any of them.

Sincerely,

__________________________________________
{senderName}`;

/** Cease and Desist Letter (catalogue item cease-desist; no template in the spec's table). */
export const ceaseDesistTemplate: DocumentTemplate = {
  id: "cease-desist",
  name: TEMPLATE_OFFERS["cease-desist"].name,
  description:
    "A firm, clear letter asking someone to stop harassment, false statements, infringement, a contract breach or unwanted debt collection contact.",
  category: "Civil Disputes",
  icon: "OctagonX",
  estimatedTime: "5-10 minutes",
  complexity: TEMPLATE_OFFERS["cease-desist"].complexity,
  price: TEMPLATE_OFFERS["cease-desist"].priceCents / 100,
  stateSpecific: false,
  popularityRank: 5,
  aboutFields: [{ field: "recipientName", label: "To" }, { field: "conductType" }],
  legalNotices: [
    "Stick to facts you can prove; untrue statements in a letter can create liability.",
    "Never threaten criminal charges to get money or another advantage.",
    "A letter cannot by itself force anyone to act; have an attorney review before sending.",
  ],
  fields: [
    field({ id: "senderName", label: "Your Full Name", type: "text", required: true, placeholder: "e.g. Jane Doe" }),
    field({
      id: "senderAddress",
      label: "Your Address",
      type: "address",
      required: true,
      placeholder: "Street, city, state and ZIP code",
    }),
    field({
      id: "senderEmail",
      label: "Your Email Address",
      type: "text",
      required: false,
      placeholder: "e.g. jane@example.com",
      helpText: "Optional. Printed under your address so the recipient can reply.",
      validation: { pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$" },
    }),
    field({
      id: "recipientName",
      label: "Recipient's Name",
      type: "text",
      required: true,
      placeholder: "A person or a business",
    }),
    field({
      id: "recipientAddress",
      label: "Recipient's Address",
      type: "address",
      required: true,
      placeholder: "Street, city, state and ZIP code",
    }),
    field({
      id: "conductType",
      label: "Type of Conduct",
      type: "select",
      required: true,
      options: [
        "Harassment",
        "Defamation",
        "Copyright infringement",
        "Trademark infringement",
        "Breach of contract",
        "Debt collection practices",
        "Other",
      ],
    }),
    field({
      id: "conductOther",
      label: "Describe the Type of Conduct",
      type: "text",
      required: true,
      placeholder: "e.g. Blocking my driveway",
      conditional: { dependsOn: "conductType", value: "Other" },
    }),
    field({
      id: "description",
      label: "What Happened",
      type: "textarea",
      required: true,
      placeholder: "Dates, places and what was said or done. Stick to facts you can show.",
    }),
    field({ id: "startDate", label: "Date the Conduct Started", type: "date", required: true }),
    field({
      id: "deadlineDays",
      label: "Days to Comply",
      type: "number",
      required: true,
      placeholder: "e.g. 10",
      helpText: "How many days the recipient has to stop and reply (1 to 60).",
      validation: { min: 1, max: 60 },
    }),
    field({
      id: "consequences",
      label: "Possible Next Steps",
      type: "checkbox",
      required: true,
      options: [
        "Filing a lawsuit",
        "Asking a court for an order to stop the conduct",
        "Seeking money damages",
        "Filing a complaint with the appropriate government agency",
        "Reporting the content to the website or platform that hosts it",
      ],
      helpText: "Choose only steps you are prepared to take.",
    }),
    field({
      id: "deliveryMethod",
      label: "How You Will Send It",
      type: "select",
      required: false,
      options: ["Certified mail, return receipt requested", "First-class mail", "Email", "Hand delivery"],
      helpText: "Certified mail gives you proof of delivery.",
    }),
  ],
  content,
};
