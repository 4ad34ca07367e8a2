import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";

const t = setupTestApp();

describe("GET /api/support", () => {
  it("gives the phone line to Premium members only, once the operator has set one", async () => {
    const free = await t.member();
    const premium = await t.member({ premium: true });
    expect((await t.client().get("/api/support")).status).toBe(401);
    // No number set yet: nobody gets one.
    expect(await (await premium.client.get("/api/support")).json()).toEqual({
      email: "support@lawguide.example",
      phone: null,
    });

    await t.services.settings.update("general", { supportPhone: "+1 (800) 555-0142" }, {});
    expect(await (await premium.client.get("/api/support")).json()).toEqual({
      email: "support@lawguide.example",
      phone: "+1 (800) 555-0142",
    });
    expect((await (await free.client.get("/api/support")).json()).phone).toBeNull();
    // The public settings never carry it.
    expect(JSON.stringify(await (await t.client().get("/api/settings/public")).json())).not.toContain("555-0142");
  });

  it("refuses a setting that is not a phone number", async () => {
    const admin = await t.admin();
    const refused = await admin.put("/api/admin/settings/general", { supportPhone: "call me maybe" });
    expect(refused.status).toBe(400);
    expect((await t.services.settings.get()).general.supportPhone).toBe("");
  });
});
