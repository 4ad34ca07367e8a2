/** Error codes of the API's error shape `{ error: { code, message } }` (DESIGN section 7). */
export const ERROR_CODES = {
  invalidInput: "INVALID_INPUT",
  unauthenticated: "UNAUTHENTICATED",
  forbidden: "FORBIDDEN",
  badOrigin: "BAD_ORIGIN",
  notFound: "NOT_FOUND",
  planLimit: "PLAN_LIMIT",
  conflict: "CONFLICT",
  tooLarge: "TOO_LARGE",
  unsupportedType: "UNSUPPORTED_TYPE",
  rateLimited: "RATE_LIMITED",
  aiLimited: "AI_LIMITED",
  registrationFailed: "REGISTRATION_FAILED",
  accountLocked: "ACCOUNT_LOCKED",
  registrationClosed: "REGISTRATION_CLOSED",
  invalidCredentials: "INVALID_CREDENTIALS",
  emailTaken: "EMAIL_TAKEN",
  invalidToken: "INVALID_TOKEN",
  /** Sign-in refused until the address is verified (a new link was mailed). */
  emailNotVerified: "EMAIL_NOT_VERIFIED",
  /** An administrator must set up two-factor sign-in before the admin dashboard opens (403). */
  twoFactorRequired: "TWO_FACTOR_REQUIRED",
  internal: "INTERNAL",
  maintenance: "MAINTENANCE",
  /** No room to prepare a PDF or Word file right now (503 with Retry-After). */
  renderBusy: "RENDER_BUSY",
  /** Preparing a PDF or Word file ran past its time budget and was stopped (503 with Retry-After). */
  renderTimeout: "RENDER_TIMEOUT",
  /** Preparing a PDF or Word file failed (500). */
  renderFailed: "RENDER_FAILED",
  /** Stripe is not configured (payments go through the demo checkout): nothing of Stripe's to open (409). */
  paymentsDemo: "PAYMENTS_DEMO",
  /** No payments are set up on this server: neither Stripe nor the demo checkout (503). */
  paymentsOff: "PAYMENTS_OFF",
  /** Stripe's customer portal could not be opened (502). */
  portalFailed: "PORTAL_FAILED",
  /** A Stripe Checkout Session could not be created (502). */
  checkoutFailed: "CHECKOUT_FAILED",
  /** The demo checkout's card was declined (402). */
  cardDeclined: "CARD_DECLINED",
  /** A Stripe webhook whose signature does not match its body (400); nothing changes. */
  badSignature: "BAD_SIGNATURE",
  /** Stripe could not be read while handling a webhook event (503 with Retry-After): Stripe sends it again. */
  stripeUnavailable: "STRIPE_UNAVAILABLE",
  /** An administrator adding an AI model past the number allowed (409). */
  tooManyModels: "TOO_MANY_MODELS",
  /** A comparison asked for a message that cannot have one (409): the chat sends it as a normal message. */
  comparisonOff: "COMPARISON_OFF",
  /** A Complex template the member's plan does not include and they have not bought (402). */
  templateForSale: "TEMPLATE_FOR_SALE",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string";
}
