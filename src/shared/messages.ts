/**
 * User-facing texts from the product specification (sections 5 and 8). Use these constants, never
 * a retyped copy, so a change to the wording happens in one place.
 */

export const AUTH_TEXT = {
  emailAndPasswordRequired: "Email and password are required",
  loginFormMissing: "Please enter both email and password",
  loginFailed: "Login failed. Please check your credentials and try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  authUnavailable: "Authentication service unavailable",
  registrationFailed: "Registration failed. Please try again.",
  registrationMissingFields: "Missing required fields: email, password, or firstName",
  fillAllRequired: "Please fill in all required fields",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
  mustAgreeTerms: "You must agree to the Terms of Service",
  mustAcknowledgeAi: "You must acknowledge the AI limitations",
  registrationClosed: "Registration is currently closed. Please try again later.",
  emailTaken: "An account with this email already exists. Sign in or reset your password.",
  /** Sign-in of an account whose address is not verified while verification is required. */
  emailNotVerified:
    "Please verify your email address first. We have sent you a new link: open it to finish signing in.",
  verificationForAnotherAccount: "You are signed in to another account. Sign out, then ask for the link again.",
  emailAlreadyVerified: "This email address is already verified.",
  twoFactorCodeInvalid: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  backupCodeInvalid: "That backup code is not right, or it was already used.",
  twoFactorExpired: "Your sign-in took too long. Please enter your email and password again.",
  twoFactorRequired: "Set up two-factor sign-in in your profile to open the admin dashboard.",
  twoFactorOff: "Two-factor sign-in is not offered on this site.",
  /** Sign-up while verification is required: the same answer whether or not the address has an account. */
  checkEmailToContinue: "Check your email to continue: we have sent a link to finish creating your account.",
  invalidEmail: "Please enter a valid email address",
  newPasswordsDoNotMatch: "New passwords do not match",
  newPasswordTooShort: (min: number) => `New password must be at least ${min} characters`,
  changePasswordFailed: "Failed to change password",
  changePasswordFailedRetry: "Failed to change password. Please try again.",
  currentPasswordWrong: "Your current password is incorrect.",
  passwordChanged: "Password changed successfully!",
  resetEmailFailed: "Failed to send reset email",
  resetFailed: "Failed to reset password",
  resetLinkInvalid: "This reset link is invalid or has expired. Please request a new one.",
  notAuthenticated: "Not authenticated",
  lockedOut: (minutes: number) =>
    `Too many failed sign-in attempts. For your security, sign-in to this account from here is paused for ${minutes} minute${minutes === 1 ? "" : "s"}. Try again later or reset your password.`,
  accountPaused: (seconds: number) =>
    `This account has had too many failed sign-in attempts from many places. For its security, sign-in is paused for ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}. Try again then, or reset your password.`,
  tooManySignUps: "Too many accounts have been created from your network recently. Please try again later.",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
} as const;

export const PROFILE_TEXT = {
  updateFailed: "Failed to update profile",
  updateFailedRetry: "Failed to update profile. Please try again.",
  updated: "Profile updated successfully!",
  accountDeleted: "Your account and everything in it have been deleted.",
  exportStarted: "Your download has started: a ZIP file with your data (data.json) and the files you uploaded.",
  exportFailed: "Your data could not be exported. Please try again.",
  exportLimited: (perHour: number, retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `You can export your data ${perHour} times an hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
  exportRunning: "Your data export is already downloading. Please wait until it has finished.",
} as const;

export const CASE_TEXT = {
  notAuthenticated: "User not authenticated",
  createFailed: "Unable to create a new case. Please try again.",
  notFound: "Case not found",
  referralSuccess: "Attorney referral process initiated. You will be contacted within 24 hours.",
  referralFailed: "Failed to initiate attorney referral. Please try again.",
  assistantFailure:
    "I apologize, but I'm having trouble processing your request right now. Please try again in a moment, or contact our support team if the issue persists.",
  limitReached: "You've reached your message limit",
  archived: "This case is archived. Restore it to continue the conversation.",
  alreadyArchived: "This case is already archived.",
  notArchived: "Only archived cases can be restored.",
  comparisonFailed: "The comparison could not be completed. Please try again.",
  openCaseFailed: "Unable to open a case about this document. Please try again.",
} as const;

export const AI_LIMIT_TEXT = {
  tooFast: (perMinute: number, seconds: number) =>
    `You're sending questions faster than the assistant can take them (${perMinute} a minute). Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
  dailyCap: (tokens: string, resetsIn: string, premium: boolean) =>
    `You've used today's AI allowance (${tokens} tokens). It resets at midnight UTC, ${resetsIn}.${premium ? "" : " Premium members have a larger daily allowance."}`,
  messageKept: "Your message is saved in the case.",
} as const;

export const BILLING_TEXT = {
  noSession: "No valid session found",
  fetchFailed: "Failed to fetch subscription data",
  loginToContinue: "Please log in to continue",
  checkoutFailed: "Failed to create checkout session",
  paymentsOff:
    "Payments are not set up on this LawGuide yet, so plans and templates cannot be bought here. Please contact the site's administrator.",
  noCheckoutUrl: "No checkout URL received",
  unexpected: "An unexpected error occurred",
  upgradeFailed: "Failed to upgrade to premium",
  welcomePremium: "Welcome to Premium! Your subscription is now active.",
  welcomeBasic: "Welcome to Basic! Your subscription is now active.",
  processing: "Processing your subscription...",
  processingPayment: "Processing your payment...",
  sessionNotFound: "This checkout could not be found.",
  cardDeclined: "Your card was declined.",
  cardInvalid: "Your card number is invalid.",
  expiryInvalid: "Your card's expiration date is invalid.",
  cvcInvalid: "Your card's security code is invalid.",
  alreadySubscribed: "You already have this plan.",
  checkoutEnded: "This checkout has already ended. Start again from the Premium page.",
  alreadyPaid:
    "You paid for a plan after opening this checkout, so it was not charged. Your subscription is in force: see it on the Premium page.",
  noSubscription: "You have no subscription to change.",
  paymentsUnavailable: "Payments are not available right now. Please try again later.",
  templateIncluded: "Your plan already includes this template.",
  templateOwned: "You already bought this template.",
  templateOwnedNothingCharged: "You already bought this template, so nothing was charged for this checkout.",
} as const;

/**
 * What the server says of a Complex template the member may not use yet (402), with its price: the
 * Document Center shows it beside the Buy button.
 */
export const templateForSaleText = (name: string, price: string) =>
  `${name} is a Premium template. Buy it once for ${price}, or upgrade to Premium to use every template.`;

export const ADMIN_TEXT = {
  deleteUserFailed: "Failed to delete user. Please try again.",
  updateUserFailed: "Failed to update user. Please try again.",
  createUserFailed: "Failed to create user. Please try again.",
  updateCaseStatusFailed: "Failed to update case status. Please try again.",
  assignAttorneyFailed: "Failed to assign attorney. Please try again.",
  saveSettingsFailed: "Failed to save settings. Please try again.",
  settingsSaved: "Settings saved successfully!",
  deleteUserConfirm: "Are you sure you want to delete this user? This action cannot be undone.",
  cannotDeleteSelf: "You cannot delete your own account from the admin dashboard.",
  builtInAdminProtected: "The built-in administrator account cannot be deleted.",
} as const;

/** The admin Users section's own texts (the spec's alerts are in ADMIN_TEXT). */
export const ADMIN_USERS_TEXT = {
  emailTaken: "An account with this email already exists. Search for it in the list, or use another email.",
  passwordRequired: "Please enter a password for the new user.",
  cannotRemoveOwnAdmin: "You cannot remove your own admin access. Ask another administrator to do it.",
  builtInAdminEmailFixed:
    "The built-in administrator's email comes from the server's configuration (ADMIN_EMAIL) and cannot be changed here.",
  userNotFound: "This user no longer exists. Reload the list.",
  paidThroughStripe:
    "This member pays through Stripe. Change or cancel their subscription in Stripe rather than granting a plan here.",
  noGrantToRevoke: "This member has no plan granted by an administrator to revoke.",
  grantFixed: "This plan was granted by an administrator and ends on its date. It cannot be cancelled or resumed here.",
} as const;

/** Maintenance mode (admin setting): the maintenance page and the API's 503. */
export const MAINTENANCE_TEXT = {
  title: (siteName: string) => `${siteName} is down for maintenance`,
  body: "We are making improvements and will be back soon. Your cases, messages and documents are safe.",
  adminBanner: "Maintenance mode is on: visitors and members see the maintenance page.",
  signInNote: "Only administrators can sign in during maintenance.",
} as const;

/** The API's answer while maintenance mode is on. */
export const maintenanceText = (general: { siteName: string; supportEmail: string }) =>
  `${MAINTENANCE_TEXT.title(general.siteName)}. Please try again in a few minutes; for anything urgent, write to ${general.supportEmail}.`;

/** Downloads of generated documents as PDF or Word files. */
export const DOCUMENT_TEXT = {
  tooManyDownloads: (limit: number) =>
    `You are already downloading ${limit} documents as PDF or Word files. Please wait for ${limit === 1 ? "it" : "them"} to finish, then try again.`,
  renderBusy: "Many documents are being prepared right now. Please try again in a few seconds.",
  renderTimeout:
    "Preparing this file took too long, so it was stopped. Please try again in a minute, or download the document as text.",
  renderFailed: "This file could not be prepared. Please try again, or download the document as text.",
} as const;

export const GENERIC_TEXT = {
  notFound: "Not found",
  signInRequired: "Please sign in to continue.",
  forbidden: "You do not have permission to do that.",
  adminOnly: "Administrator access is required.",
  badOrigin: "This request did not come from LawGuide and was refused.",
  invalidInput: "Some of the information you sent is not valid.",
  tooLarge: "The request is too large.",
  notJson: "This request must be sent as JSON (Content-Type: application/json).",
  internal: "An unexpected error occurred",
} as const;
