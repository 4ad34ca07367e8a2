import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUTH_TEXT } from "../messages";
import {
  isEmail,
  passwordLengthError,
  type RegistrationInput,
  validateChangePassword,
  validateRegistration,
} from "./auth-rules";

const valid: RegistrationInput = {
  email: "ann@example.com",
  firstName: "Ann",
  password: "secret1",
  confirmPassword: "secret1",
  acceptTerms: true,
  acknowledgeAi: true,
};

describe("registration form rules", () => {
  it("accept a complete form", () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it("report the first failing rule in the spec's order", () => {
    expect(validateRegistration({ ...valid, firstName: " " })).toBe(AUTH_TEXT.fillAllRequired);
    expect(validateRegistration({ ...valid, email: "" })).toBe(AUTH_TEXT.fillAllRequired);
    expect(validateRegistration({ ...valid, confirmPassword: "" })).toBe(AUTH_TEXT.fillAllRequired);
    expect(validateRegistration({ ...valid, confirmPassword: "secret2" })).toBe(AUTH_TEXT.passwordsDoNotMatch);
    expect(validateRegistration({ ...valid, password: "abc", confirmPassword: "abc" })).toBe(
      "Password must be at least 6 characters",
    );
    expect(validateRegistration({ ...valid, acceptTerms: false, acknowledgeAi: false })).toBe(AUTH_TEXT.mustAgreeTerms);
    expect(validateRegistration({ ...valid, acknowledgeAi: false })).toBe(AUTH_TEXT.mustAcknowledgeAi);
    expect(validateRegistration({ ...valid, email: "no-at-sign" })).toBe(AUTH_TEXT.invalidEmail);
  });

  it("use the configured minimum length", () => {
    expect(validateRegistration({ ...valid, password: "1234567", confirmPassword: "1234567" }, 8)).toBe(
      "Password must be at least 8 characters",
    );
  });

  it("never accept a password shorter than the minimum, whatever it is", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 20 }), fc.string({ maxLength: 30 }), (min, password) => {
        const result = validateRegistration({ ...valid, password, confirmPassword: password }, min);
        if (password.length > 0 && password.length < min) expect(result).toBe(AUTH_TEXT.passwordTooShort(min));
        if (result === null) expect(password.length).toBeGreaterThanOrEqual(min);
      }),
    );
  });
});

describe("change-password rules", () => {
  it("follow the spec", () => {
    const ok = { currentPassword: "old-one", newPassword: "new-one", confirmPassword: "new-one" };
    expect(validateChangePassword(ok)).toBeNull();
    expect(validateChangePassword({ ...ok, confirmPassword: "new-two" })).toBe(AUTH_TEXT.newPasswordsDoNotMatch);
    expect(validateChangePassword({ ...ok, newPassword: "abc", confirmPassword: "abc" })).toBe(
      "New password must be at least 6 characters",
    );
    expect(passwordLengthError("x".repeat(129), 6, true)).toMatch(/at most 128/);
  });
});

describe("e-mail addresses", () => {
  it("accept ordinary addresses and refuse malformed ones", () => {
    for (const ok of ["ann@example.com", "a.b+tag@mail.example.co.uk", " Ann@Example.com "])
      expect(isEmail(ok), ok).toBe(true);
    for (const bad of [
      "",
      "ann",
      "ann@",
      "@example.com",
      "ann@example",
      "ann@@example.com",
      "a..b@example.com",
      "ann@exa mple.com",
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
});
