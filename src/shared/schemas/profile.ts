import { z } from "zod";
import { PROFILE_TEXT } from "../messages";

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const PROFILE_FIELD_TEXT = {
  firstName: "Please enter your first name (letters, spaces, hyphens and apostrophes).",
  lastName: "Please enter a last name using letters, spaces, hyphens and apostrophes.",
  phone: "Please enter a valid phone number, for example +1 555 123 4567.",
  address: "The address can be up to 200 characters.",
  profession: "The profession can be up to 100 characters.",
} as const;

/** PATCH /api/profile. Email is not editable; anything else sent (role included) is ignored. */
export const profileUpdateSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, PROFILE_FIELD_TEXT.firstName)
    .max(50, PROFILE_FIELD_TEXT.firstName)
    .regex(NAME, PROFILE_FIELD_TEXT.firstName),
  lastName: z
    .string()
    .trim()
    .max(50, PROFILE_FIELD_TEXT.lastName)
    .refine((v) => v === "" || NAME.test(v), PROFILE_FIELD_TEXT.lastName),
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7), PROFILE_FIELD_TEXT.phone),
  address: z.string().trim().max(200, PROFILE_FIELD_TEXT.address),
  profession: z.string().trim().max(100, PROFILE_FIELD_TEXT.profession),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const preferencesSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
});

export const deleteAccountSchema = z.object({
  password: z.string().min(1, "Please enter your password to confirm."),
});

export interface ProfileStats {
  activeCases: number;
  totalCases: number;
  documents: number;
  memberSince: string;
}

export interface SubscriptionView {
  plan: string;
  status: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
}

export const PROFILE_MESSAGES = PROFILE_TEXT;
