/** The registration form's two required boxes, ticked, as it sends them with every sign-up. */
export const CONSENT = { acceptTerms: true, acknowledgeAi: true } as const;

/** A person's own details, as the profile form and the administrator's user form take them. */
export const PERSON = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "+1 (555) 123-4567",
  profession: "Engineer",
} as const;

/** A member's profile as the profile form sends it: the person's details and an address. */
export const PROFILE = { ...PERSON, address: "12 Main St, Springfield" } as const;

/** A new account as the administrator's Add User form sends it. */
export const NEW_ACCOUNT = { email: "new.person@example.com", password: "a-good-password", ...PERSON } as const;
