import { TEMPLATE_OFFERS } from "../../template-offers";
import type { DocumentTemplate } from "../types";
import { field, STATE_NAME, stateFields } from "./common";

const content = `RESIDENTIAL LEASE AGREEMENT

This Residential Lease Agreement (the "Lease") is made between {landlordName} ("Landlord") and {tenantName} ("Tenant"). If more than one person signs as Tenant, each is fully responsible for all of Tenant's obligations under this Lease.

{{article}}. PREMISES

{{clause}} Landlord rents to Tenant, and Tenant rents from Landlord, the residential property at {propertyAddress}, State of ${STATE_NAME} (the "Premises"), together with any fixtures and appliances provided by Landlord.

{{clause}} Tenant will use the Premises only as a private residence for Tenant and the members of Tenant's household.

{{article}}. TERM

{{clause}} The Lease begins on {leaseStart} and ends on {leaseEnd} (the "Term").

{{clause}} If Tenant stays after the Term ends with Landlord's written consent, the tenancy continues from month to month on the same terms, and either party may end it by giving the written notice required by law.

{{article}}. RENT

{{clause}} Tenant will pay rent of {rentAmount} per month, in advance, on or before the first day of each month. The first payment is due on {leaseStart}. Rent for any partial month is prorated by the day.

{{clause}} Rent is paid to Landlord by a method Landlord and Tenant agree in writing. Landlord will give Tenant a receipt for any payment made in cash.

{{clause}} Any late fee or charge for a returned payment applies only if agreed in writing by both parties and only to the extent the law allows.

{{article}}. SECURITY DEPOSIT

{{#if securityDeposit = 0}}
{{clause}} No security deposit is required.
{{else}}
{{clause}} On signing this Lease, Tenant will pay Landlord a security deposit of {securityDeposit}. Landlord will hold the deposit as security for Tenant's performance of this Lease, as required by law.

{{clause}} Tenant may not use the deposit as payment of the last month's rent unless Landlord agrees in writing.

{{clause}} After Tenant moves out and returns the keys, Landlord will return the deposit, less only the deductions the law allows (such as unpaid rent, and the cost of repairing damage beyond normal wear and tear), with a written, itemized statement of any deductions, within the time the law requires. Tenant will give Landlord a forwarding address in writing.
{{/if}}

{{#if state = California}}
{{clause}} California. California law generally limits the total of all security deposits, including any pet deposit, to one month's rent; some small landlords may collect up to two months' rent. Landlord must return the deposit, with an itemized statement of any deductions, within 21 days after Tenant moves out (Civil Code section 1950.5). Landlord must also document the condition of the unit with photographs as that section requires.
{{/if}}
{{#if state = Texas}}
{{clause}} Texas. Landlord must refund the deposit, with a written description and itemized list of any deductions, within 30 days after Tenant surrenders the Premises; Landlord does not have to do so until Tenant gives a forwarding address in writing (Property Code sections 92.103 to 92.107). Tenant may not withhold the last month's rent on the ground that the deposit covers it (section 92.108).
{{/if}}
{{#if state = Florida}}
{{clause}} Florida. Landlord must tell Tenant in writing, in this Lease or within 30 days of receiving the deposit, how and where it is held. After Tenant moves out, Landlord must either return the deposit within 15 days or, to make a claim against it, send written notice by certified mail to Tenant's last known mailing address within 30 days; Tenant then has 15 days to object (Florida Statutes section 83.49).
{{/if}}
{{#if state = New York}}
{{clause}} New York. The deposit may not exceed one month's rent. Landlord must hold it in trust without mixing it with Landlord's own money and must return it, with an itemized statement of any deductions, within 14 days after Tenant moves out. Tenant has the right to ask for an inspection of the Premises before moving out (General Obligations Law sections 7-103 and 7-108).
{{/if}}
{{#if state = Other}}
{{clause}} {stateOther}. Limits on the amount of a deposit, where it must be held and the deadline for returning it depend on the law of {stateOther} and sometimes on local rules. Both parties should check them before signing.
{{/if}}

{{article}}. UTILITIES AND SERVICES

{{#if utilities}}
{{clause}} Landlord will arrange and pay for the following utilities and services: {utilities}. Tenant will arrange and pay for all other utilities and services used at the Premises.
{{else}}
{{clause}} Tenant will arrange and pay for all utilities and services used at the Premises.
{{/if}}

{{article}}. PETS

{{#if petPolicy = No pets allowed}}
{{clause}} No animals may be kept on the Premises, even temporarily, without Landlord's prior written consent.
{{/if}}
{{#if petPolicy = Pets allowed with deposit}}
{{clause}} Tenant may keep pets approved in writing by Landlord after paying a pet deposit of {petDeposit}. The pet deposit is held and returned under the same rules as the security deposit.
{{/if}}
{{#if petPolicy = Pets allowed}}
{{clause}} Tenant may keep common household pets, subject to any limits in local law or building rules.
{{/if}}

{{clause}} Tenant is responsible for any damage caused by Tenant's animals and will keep them from disturbing neighbors. This section does not limit any right Tenant has under fair housing laws to keep an assistance animal.

{{#if parkingSpaces}}
{{article}}. PARKING

{{#if parkingSpaces = 0}}
{{clause}} No parking is included with the Premises.
{{else}}
{{clause}} Landlord provides Tenant with {parkingSpaces} parking space(s) for Tenant's use during the Term. Tenant will park only operable, registered vehicles in the space(s).
{{/if}}
{{/if}}

{{article}}. USE, CARE AND REPAIRS

{{clause}} Tenant will keep the Premises clean and safe, use appliances and fixtures properly, and not disturb neighbors or break any law on the Premises.

{{clause}} Landlord will keep the Premises in a safe and habitable condition and make the repairs required by law.

{{clause}} Tenant will tell Landlord promptly in writing of any needed repair. Tenant will pay for repairing damage caused by Tenant or Tenant's guests beyond normal wear and tear.

{{clause}} Tenant will not make alterations, paint, or change or add locks without Landlord's written consent.

{{article}}. LANDLORD'S ENTRY

{{clause}} Landlord may enter the Premises at reasonable times to inspect, make repairs or show the Premises, after giving Tenant the advance notice required by law, or at least 24 hours' notice if the law sets no period. Landlord may enter without notice in an emergency.

{{article}}. ASSIGNMENT AND SUBLETTING

{{clause}} Tenant may not assign this Lease or sublet any part of the Premises without Landlord's written consent, which Landlord will not refuse unreasonably where the law requires reasonableness.

{{article}}. DEFAULT AND ENDING THE TENANCY

{{clause}} If Tenant does not pay rent when due or otherwise breaks this Lease, Landlord may end the tenancy only by giving the notices and following the court procedures required by law. Landlord will not lock Tenant out, remove Tenant's belongings or shut off utilities to force Tenant to leave.

{{clause}} At the end of the tenancy, Tenant will return all keys and leave the Premises clean and in the same condition as at the start, except for normal wear and tear.

{{article}}. DISCLOSURES

{{clause}} If the Premises were built before 1978, Landlord must give Tenant the federal lead-based paint disclosure and the pamphlet "Protect Your Family From Lead in Your Home" before Tenant is bound by this Lease, and both parties sign the disclosure form.

{{clause}} Landlord will give Tenant any other disclosure required by state or local law.

{{#if specialTerms}}
{{article}}. SPECIAL TERMS

{{clause}} The parties also agree as follows:
{specialTerms}
{{/if}}

{{article}}. GENERAL TERMS

{{clause}} Notices under this Lease must be in writing and delivered to Tenant at the Premises and to Landlord at the address Landlord gives Tenant in writing.

{{clause}} This Lease is governed by the laws of the State of ${STATE_NAME}. If any part of it is found unenforceable, the rest stays in effect.

{{clause}} This Lease is the entire agreement between the parties about the Premises. Any change must be in writing and signed by both parties.

SIGNATURES

Landlord: __________________________________   Date: ______________
{landlordName}

Tenant: ____________________________________   Date: ______________
{tenantName}`;

/** Residential Lease Agreement (spec section 3 templates table: lease). */
export const leaseTemplate: DocumentTemplate = {
  id: "lease",
  name: TEMPLATE_OFFERS.lease.name,
  description: "A fixed-term rental agreement covering rent, deposit, utilities, pets and parking.",
  category: "Real Estate",
  icon: "House",
  estimatedTime: "10-15 minutes",
  complexity: TEMPLATE_OFFERS.lease.complexity,
  price: TEMPLATE_OFFERS.lease.priceCents / 100,
  stateSpecific: true,
  popularityRank: 2,
  aboutFields: [{ field: "propertyAddress" }, { field: "tenantName", label: "Tenant:" }],
  legalNotices: [
    "Laws vary by state and city; have an attorney review before signing.",
    "Security deposit limits and return deadlines are set by state law.",
    "Homes built before 1978 need a federal lead-based paint disclosure.",
  ],
  fields: [
    field({
      id: "landlordName",
      label: "Landlord's Full Name",
      type: "text",
      required: true,
      placeholder: "e.g. Robert Smith or Oak Street Rentals LLC",
    }),
    field({
      id: "tenantName",
      label: "Tenant's Full Name",
      type: "text",
      required: true,
      placeholder: "e.g. Jane Doe",
      helpText: "List every adult who will live at the property, separated by commas.",
    }),
    field({
      id: "propertyAddress",
      label: "Property Address",
      type: "address",
      required: true,
      placeholder: "Street, unit, city and ZIP code",
    }),
    ...stateFields("State Where the Property Is Located", "State Name"),
    field({
      id: "rentAmount",
      label: "Monthly Rent",
      type: "currency",
      required: true,
      placeholder: "e.g. 1,500.00",
      validation: { min: 1 },
    }),
    field({
      id: "securityDeposit",
      label: "Security Deposit",
      type: "currency",
      required: true,
      placeholder: "e.g. 1,500.00",
      helpText: "Enter 0 if there is no deposit. Many states limit the amount.",
      validation: { min: 0 },
    }),
    field({ id: "leaseStart", label: "Lease Start Date", type: "date", required: true }),
    field({
      id: "leaseEnd",
      label: "Lease End Date",
      type: "date",
      required: true,
      validation: { after: "leaseStart" },
    }),
    field({
      id: "petPolicy",
      label: "Pet Policy",
      type: "radio",
      required: true,
      options: ["No pets allowed", "Pets allowed with deposit", "Pets allowed"],
    }),
    field({
      id: "petDeposit",
      label: "Pet Deposit",
      type: "currency",
      required: true,
      placeholder: "e.g. 300.00",
      conditional: { dependsOn: "petPolicy", value: "Pets allowed with deposit" },
      validation: { min: 1 },
    }),
    field({
      id: "utilities",
      label: "Utilities Paid by Landlord",
      type: "checkbox",
      required: false,
      options: ["Water", "Electricity", "Gas", "Internet", "Trash"],
      helpText: "Tick what the landlord pays for. The tenant pays for everything else.",
    }),
    field({
      id: "parkingSpaces",
      label: "Parking Spaces",
      type: "number",
      required: false,
      placeholder: "e.g. 1",
      helpText: "Enter 0 if no parking is included.",
      validation: { min: 0, max: 10 },
    }),
    field({
      id: "specialTerms",
      label: "Special Terms",
      type: "textarea",
      required: false,
      placeholder: "e.g. Tenant may hang pictures with small nails.",
      helpText: "Anything else you have agreed. Leave blank if none.",
    }),
  ],
  content,
};
