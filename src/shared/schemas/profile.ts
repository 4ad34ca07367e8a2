import { z } from "zod";
import { COMPARE_ANSWERS } from "../session";
import { text } from "./text";

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const PROFILE_FIELD_TEXT = {
  firstName: "Please enter your first name (letters, spaces, hyphens and apostrophes).",
  lastName: "Please enter a last name using letters, spaces, hyphens and apostrophes.",
  phone: "Please enter a valid phone number, for example +1 555 123 4567.",
  address: "The address can be up to 200 characters.",
  profession: "The profession can be up to 100 characters.",
} as const;

/** The profile's fields, one rule each: sign-up, the profile form and the admin's user form share them. */
export const profileFieldSchemas = {
  firstName: text({
    min: 1,
    max: 50,
    required: PROFILE_FIELD_TEXT.firstName,
    invalid: PROFILE_FIELD_TEXT.firstName,
  }).refine((v) => NAME.test(v), PROFILE_FIELD_TEXT.firstName),
  lastName: text({ max: 50, tooLong: PROFILE_FIELD_TEXT.lastName, invalid: PROFILE_FIELD_TEXT.lastName }).refine(
    (v) => v === "" || NAME.test(v),
    PROFILE_FIELD_TEXT.lastName,
  ),
  phone: text({ max: 40, tooLong: PROFILE_FIELD_TEXT.phone, invalid: PROFILE_FIELD_TEXT.phone }).refine(
    (v) => v === "" || (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7),
    PROFILE_FIELD_TEXT.phone,
  ),
  address: text({ max: 200, tooLong: PROFILE_FIELD_TEXT.address }),
  profession: text({ max: 100, tooLong: PROFILE_FIELD_TEXT.profession }),
};

/** PATCH /api/profile. Email is not editable; anything else sent (role included) is ignored. */
export const profileUpdateSchema = z.object(profileFieldSchemas);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PUT /api/profile/preferences: the switches, and `compareAnswers` (kept as it was when left out). */
export const preferencesSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  compareAnswers: z.enum(COMPARE_ANSWERS).optional(),
});

export const deleteAccountSchema = z.object({
  password: text({ min: 1, max: 128, keepSpaces: true, required: "Please enter your password to confirm." }),
});

export interface ProfileStats {
  activeCases: number;
  totalCases: number;
  documents: number;
  memberSince: string;
}

/**
 * GET /api/profile/export: a ZIP of `data.json` (every record) and `files/` (the uploaded files as
 * they were sent). HEAD answers what GET would (200, or 409/429 with the reason's status) without
 * starting or counting an export. Each export reads everything a member holds, so a member may
 * start `perHour` in an hour, one at a time.
 */
export const DATA_EXPORT = {
  path: "/api/profile/export",
  perHour: 5,
  windowSeconds: 3600,
} as const;
