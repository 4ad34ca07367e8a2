import { z } from "zod";
import { profileFieldSchemas } from "./profile";
import { text, uuidSchema } from "./text";

/**
 * The attorneys directory and the referral queue (spec section 3 'Attorney' and 'Attorney
 * referral'): request schemas of /api/admin/attorneys and /api/admin/referrals, and their answers.
 */

export const ATTORNEY_AVAILABILITY = ["available", "busy", "unavailable"] as const;
export type AttorneyAvailability = (typeof ATTORNEY_AVAILABILITY)[number];
export const AVAILABILITY_LABELS: Record<AttorneyAvailability, string> = {
  available: "Available",
  busy: "Busy",
  unavailable: "Unavailable",
};

/** A referral waits for an attorney (pending), then has one (assigned). */
export const REFERRAL_STATUSES = ["pending", "assigned"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const ATTORNEY_LIMITS = {
  name: 120,
  firm: 120,
  location: 120,
  bio: 2000,
  listItem: 60,
  listItems: 20,
  rating: 5,
  experience: 80,
  hourlyRate: 100_000,
  search: 100,
} as const;

export const ATTORNEY_TEXT = {
  name: "Please enter the attorney's name.",
  email: "Please enter a valid e-mail address, for example name@firm.com.",
  rating: "The rating is a number from 0 to 5.",
  experience: "Experience is a whole number of years from 0 to 80.",
  hourlyRate: "The hourly rate is an amount from $0 to $100,000.",
  availability: "Availability is Available, Busy or Unavailable.",
  listItem: `Each entry can be up to ${ATTORNEY_LIMITS.listItem} characters.`,
  listItems: `Up to ${ATTORNEY_LIMITS.listItems} entries.`,
  notFound: "Attorney not found",
  referralNotFound: "Referral not found",
  duplicateEmail: "An attorney with this e-mail address is already in the directory.",
  nothingToChange: "Please change at least one field.",
} as const;

/** A list of short texts (specialties, case types): trimmed, no empty entries, no repeats. */
const shortList = z
  .array(
    text({ min: 1, max: ATTORNEY_LIMITS.listItem, required: ATTORNEY_TEXT.listItem, tooLong: ATTORNEY_TEXT.listItem }),
    {
      error: ATTORNEY_TEXT.listItems,
    },
  )
  .max(ATTORNEY_LIMITS.listItems, ATTORNEY_TEXT.listItems)
  .transform((items) => {
    const seen = new Set<string>();
    return items.filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** An optional short text: an empty one is stored as nothing (null). */
const optionalText = (max: number) =>
  text({ max })
    .nullable()
    .transform((value) => (value ? value : null));

/** A number that may be left empty (null). */
const optionalNumber = (rule: z.ZodNumber) => z.union([rule, z.null()]);

export const attorneyFieldSchemas = {
  name: text({ min: 1, max: ATTORNEY_LIMITS.name, required: ATTORNEY_TEXT.name }),
  email: text({ min: 1, max: 254, required: ATTORNEY_TEXT.email, invalid: ATTORNEY_TEXT.email })
    .transform((value) => value.toLowerCase())
    .pipe(z.email({ error: ATTORNEY_TEXT.email })),
  phone: profileFieldSchemas.phone.nullable().transform((value) => (value ? value : null)),
  firm: optionalText(ATTORNEY_LIMITS.firm),
  specialties: shortList,
  location: optionalText(ATTORNEY_LIMITS.location),
  rating: optionalNumber(
    z
      .number({ error: ATTORNEY_TEXT.rating })
      .min(0, ATTORNEY_TEXT.rating)
      .max(ATTORNEY_LIMITS.rating, ATTORNEY_TEXT.rating),
  ),
  experience: optionalNumber(
    z
      .number({ error: ATTORNEY_TEXT.experience })
      .int(ATTORNEY_TEXT.experience)
      .min(0, ATTORNEY_TEXT.experience)
      .max(ATTORNEY_LIMITS.experience, ATTORNEY_TEXT.experience),
  ),
  hourlyRate: optionalNumber(
    z
      .number({ error: ATTORNEY_TEXT.hourlyRate })
      .min(0, ATTORNEY_TEXT.hourlyRate)
      .max(ATTORNEY_LIMITS.hourlyRate, ATTORNEY_TEXT.hourlyRate)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, ATTORNEY_TEXT.hourlyRate),
  ),
  bio: text({ max: ATTORNEY_LIMITS.bio, multiline: true })
    .nullable()
    .transform((value) => (value ? value : null)),
  isActive: z.boolean({ error: "Active is yes or no." }),
  caseTypes: shortList,
  availability: z.enum(ATTORNEY_AVAILABILITY, { error: ATTORNEY_TEXT.availability }),
};

/** POST /api/admin/attorneys: name and e-mail required; the rest may be left out. */
export const createAttorneySchema = z.object({
  name: attorneyFieldSchemas.name,
  email: attorneyFieldSchemas.email,
  phone: attorneyFieldSchemas.phone.default(null),
  firm: attorneyFieldSchemas.firm.default(null),
  specialties: attorneyFieldSchemas.specialties.default([]),
  location: attorneyFieldSchemas.location.default(null),
  rating: attorneyFieldSchemas.rating.default(null),
  experience: attorneyFieldSchemas.experience.default(null),
  hourlyRate: attorneyFieldSchemas.hourlyRate.default(null),
  bio: attorneyFieldSchemas.bio.default(null),
  isActive: attorneyFieldSchemas.isActive.default(true),
  caseTypes: attorneyFieldSchemas.caseTypes.default([]),
  availability: attorneyFieldSchemas.availability.default("available"),
});
export type CreateAttorney = z.infer<typeof createAttorneySchema>;
export type AttorneyFormInput = z.input<typeof createAttorneySchema>;

/** PATCH /api/admin/attorneys/:id: the fields to change (at least one). */
export const updateAttorneySchema = z
  .object(attorneyFieldSchemas)
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), ATTORNEY_TEXT.nothingToChange);
export type UpdateAttorney = z.infer<typeof updateAttorneySchema>;

const flag = z.enum(["true", "false"], { error: "Please use true or false." }).transform((v) => v === "true");
const page = z.coerce
  .number({ error: "The page is a whole number from 1." })
  .int("The page is a whole number from 1.")
  .min(1, "The page is a whole number from 1.")
  .max(100_000, "The page is a whole number from 1.")
  .default(1);

/** GET /api/admin/attorneys */
export const attorneyListQuerySchema = z.object({
  /** Part of the name, firm, a specialty or the location (case-insensitive). */
  q: text({ max: ATTORNEY_LIMITS.search }).optional(),
  active: flag.optional(),
  availability: z.enum(ATTORNEY_AVAILABILITY, { error: ATTORNEY_TEXT.availability }).optional(),
  /** A case's category: attorneys whose specialties or case types match it (either way round). */
  specialty: text({ max: ATTORNEY_LIMITS.listItem }).optional(),
  sort: z.enum(["newest", "name"], { error: "Sort by newest or name." }).default("newest"),
  page,
});
export type AttorneyListQuery = z.infer<typeof attorneyListQuerySchema>;

export const attorneyIdParamSchema = z.object({ id: uuidSchema(ATTORNEY_TEXT.notFound) });

/** GET /api/admin/referrals */
export const referralListQuerySchema = z.object({
  status: z.enum(REFERRAL_STATUSES, { error: "Status is pending or assigned." }).optional(),
  page,
});
export type ReferralListQuery = z.infer<typeof referralListQuerySchema>;

export const referralIdParamSchema = z.object({ id: uuidSchema(ATTORNEY_TEXT.referralNotFound) });

/** POST /api/admin/referrals/:id/assign */
export const assignReferralSchema = z.object({
  attorneyId: uuidSchema("Please choose an attorney from the directory."),
});

// ---------------------------------------------------------------- answers

/** One attorney of the directory (spec section 3 'Attorney'). */
export interface AdminAttorney {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  firm: string | null;
  specialties: string[];
  location: string | null;
  rating: number | null;
  experience: number | null;
  hourlyRate: number | null;
  bio: string | null;
  isActive: boolean;
  caseTypes: string[];
  availability: AttorneyAvailability;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/attorneys */
export interface AttorneyList {
  attorneys: AdminAttorney[];
  total: number;
  page: number;
  pageSize: number;
}

/** DELETE /api/admin/attorneys/:id: removed, or kept inactive because referrals name the attorney. */
export type AttorneyRemoval =
  | { outcome: "deleted"; id: string }
  | { outcome: "deactivated"; id: string; attorney: AdminAttorney; referrals: number };

/** One referral a member asked for: from a case (chat) or a document (review request). */
export interface AdminReferral {
  id: string;
  status: string;
  kind: "case" | "document";
  createdAt: string;
  updatedAt: string;
  /** Premium members' referrals are priority referrals (spec section 1 'Plans'). */
  priority: boolean;
  feeCents: number | null;
  member: { id: string; name: string; email: string };
  case: { id: string; title: string; category: string | null; status: string; assignedAttorney: string | null } | null;
  document: { id: string; title: string } | null;
  attorney: { id: string; name: string; firm: string | null } | null;
}

/** GET /api/admin/referrals: pending first (Premium members first among them, oldest first), then the rest, newest first. */
export interface ReferralList {
  referrals: AdminReferral[];
  total: number;
  /** Pending referrals, whatever the filter. */
  pending: number;
  page: number;
  pageSize: number;
}

/** POST /api/admin/referrals/:id/assign */
export interface ReferralAssignment {
  referral: AdminReferral;
  /** Whether the member was told by e-mail (settings and their preferences allow it). */
  mailed: boolean;
}
