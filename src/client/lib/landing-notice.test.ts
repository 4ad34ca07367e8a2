import { PROFILE_TEXT } from "@shared/messages";
import { beforeEach, describe, expect, it } from "vitest";
import { leaveLandingNotice, takeLandingNotice } from "./landing-notice";

describe("the landing page's notice", () => {
  beforeEach(() => sessionStorage.clear());

  it("is read once, as its text", () => {
    leaveLandingNotice("accountDeleted");
    expect(takeLandingNotice()).toBe(PROFILE_TEXT.accountDeleted);
    expect(takeLandingNotice()).toBeNull();
  });

  it("shows only notices it knows, never text found in storage", () => {
    sessionStorage.setItem("lawguide.landingNotice", "<b>Your account was hacked</b>");
    expect(takeLandingNotice()).toBeNull();
    sessionStorage.setItem("lawguide.landingNotice", "toString");
    expect(takeLandingNotice()).toBeNull();
    expect(sessionStorage.getItem("lawguide.landingNotice")).toBeNull();
  });
});
