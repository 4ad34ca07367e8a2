import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";
import { ADMIN_USERS_TEXT } from "../messages";
import type { PaidPlanId, PlanId } from "../plans";
import { emailSchema } from "./auth";
import { PROFILE_FIELD_TEXT, profileFieldSchemas } from "./profile";
import { text } from "./text";

/** The administrators' Users section: its requests (zod) and answers (interfaces). */

/** Spec section 5: active = has signed in; premium = Premium Solutions in force now; free = the rest. */
export const ADMIN_USER_FILTERS = ["all", "active", "premium", "free"] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

/** The most days an administrator grants a plan for at once (ten years). */
export const MAX_GRANT_DAYS = 3650;

const FILTER_TEXT = "Choose All Users, Active Users, Premium Users or Free Users.";
const PAGE_TEXT = "Not a valid page number.";

/** GET /api/admin/users */
export const adminUserListQuerySchema = z.object({
  q: text({ max: 200, tooLong: "Search for at most 200 characters." }).optional().default(""),
  filter: z.enum(ADMIN_USER_FILTERS, { error: FILTER_TEXT }).optional().default("all"),
  page: z.coerce.number({ error: PAGE_TEXT }).int(PAGE_TEXT).min(1, PAGE_TEXT).max(100_000, PAGE_TEXT).default(1),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** A first name that may be left empty (only e-mail and password are required of a new user). */
const optionalFirstName = text({
  max: 50,
  tooLong: PROFILE_FIELD_TEXT.firstName,
  invalid: PROFILE_FIELD_TEXT.firstName,
}).refine((v) => v === "" || profileFieldSchemas.firstName.safeParse(v).success, PROFILE_FIELD_TEXT.firstName);

const profileFields = {
  firstName: optionalFirstName,
  lastName: profileFieldSchemas.lastName,
  phone: profileFieldSchemas.phone,
  profession: profileFieldSchemas.profession,
};

/** POST /api/admin/users ('Add New User'): e-mail and password required; the length rule is the settings'. */
export const adminUserCreateSchema = z.object({
  email: emailSchema,
  password: text({
    min: 1,
    max: PASSWORD_MAX_LENGTH,
    keepSpaces: true,
    required: ADMIN_USERS_TEXT.passwordRequired,
    tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  }),
  firstName: profileFields.firstName.optional().default(""),
  lastName: profileFields.lastName.optional().default(""),
  phone: profileFields.phone.optional().default(""),
  profession: profileFields.profession.optional().default(""),
  isAdmin: z.boolean({ error: "Admin Access must be true or false." }).optional().default(false),
});
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

/** PATCH /api/admin/users/:id ('Edit User'): only the fields sent change. */
export const adminUserUpdateSchema = z.object({
  email: emailSchema.optional(),
  firstName: profileFields.firstName.optional(),
  lastName: profileFields.lastName.optional(),
  phone: profileFields.phone.optional(),
  profession: profileFields.profession.optional(),
  isAdmin: z.boolean({ error: "Admin Access must be true or false." }).optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

const GRANT_DAYS_TEXT = `Enter a number of days from 1 to ${MAX_GRANT_DAYS}.`;

/** PUT /api/admin/users/:id/subscription: a plan for a number of days, granted without payment. */
export const adminGrantSchema = z.object({
  planId: z.enum(["basic", "premium"], { error: "Choose Basic or Premium Solutions." }),
  days: z
    .number({ error: GRANT_DAYS_TEXT })
    .int(GRANT_DAYS_TEXT)
    .min(1, GRANT_DAYS_TEXT)
    .max(MAX_GRANT_DAYS, GRANT_DAYS_TEXT),
});
export type AdminGrant = z.infer<typeof adminGrantSchema>;

/** A member's subscription as stored (whatever its state), for the administrator to see. */
export interface AdminUserSubscription {
  planId: PaidPlanId;
  status: string;
  /** stripe | demo | admin */
  source: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  graceUntil: string | null;
}

/** One row of the Users table (spec section 3 'user_profiles' admin view). */
export interface AdminUserRow {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  profession: string;
  isAdmin: boolean;
  /** The administrator from the server's configuration: cannot be deleted, its e-mail is fixed. */
  isBuiltInAdmin: boolean;
  /** The plan in force now (Premium badge: 'premium'). */
  plan: PlanId;
  subscription: AdminUserSubscription | null;
  caseCount: number;
  createdAt: string;
  lastSignInAt: string | null;
  /** Sign-in to the account is paused somewhere after too many wrong passwords. */
  locked: boolean;
}

/** GET /api/admin/users */
export interface AdminUserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/users/stats: the four tiles. */
export interface AdminUserStats {
  total: number;
  active: number;
  premium: number;
  admins: number;
}
