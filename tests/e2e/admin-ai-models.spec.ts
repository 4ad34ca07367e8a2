import type { Page } from "@playwright/test";
import { anotherPage, expect, expectAccessible, newChat, sendMessage, signInByApi, signUp, test } from "./fixtures";

async function openSection(page: Page) {
  await signInByApi(page);
  await page.goto("/admin/dashboard?section=ai-models");
  await expect(page.getByRole("heading", { name: "AI Models", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Claude Sonnet", level: 3 })).toBeVisible();
}

/** A model card, found by its heading (the model's name). */
const card = (page: Page, name: string) => page.getByRole("article", { name });

// The journeys of other files share the server: the model added here answers Free members only
// while this test runs (the fake providers answer any model id), and it is deleted at the end.
// The seeded models are left as they are (the refusal to remove a plan's last model is checked by
// the server's tests, since it needs the seeded models changed).
test.describe("admin: AI models", () => {
  test("the section, its settings and leaderboard are there and accessible at both widths", async ({ page }) => {
    await openSection(page);
    await expect(page.getByRole("heading", { name: "Model settings" })).toBeVisible();
    await expect(page.getByLabel("Default model")).toHaveValue(/.+/);
    await expect(page.getByLabel("Preview token limit")).toHaveValue("200");
    await expect(page.getByRole("switch", { name: "Multi-AI comparison" })).toBeChecked();
    await expect(page.getByRole("heading", { name: "Comparison leaderboard" })).toBeVisible();
    await expect(card(page, "Claude Sonnet")).toContainText("Answers Premium first");
    // Saving is offered only once something changed; the server's bounds are checked first.
    const save = page.getByRole("button", { name: "Save Settings" });
    await expect(save).toBeDisabled();
    await page.getByLabel("Preview token limit").fill("40");
    await save.click();
    await expect(page.getByText("The preview token limit is a whole number from 50 to 500.")).toBeVisible();
    await expect(page.getByLabel("Preview token limit")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Preview token limit").fill("200");
    await expect(save).toBeDisabled();
    await expectAccessible(page, "AI models section");
  });

  test("an administrator adds a model, a Free member is answered by it; then it is edited and deleted", async ({
    page,
    browser,
  }) => {
    const modelId = `gpt-4.1-e2e-${Date.now()}`;
    const name = `E2E model ${Date.now()}`;
    await openSection(page);

    await page.getByRole("button", { name: "Add Model" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Model" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "Add Model dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Provider").selectOption("openai");
    await dialog.getByLabel("Model id").fill(modelId);
    await dialog.getByRole("checkbox", { name: "Premium" }).uncheck();
    const temperature = dialog.getByLabel("Temperature");
    await expect(temperature).toHaveAttribute("min", "0");
    await expect(temperature).toHaveAttribute("max", "2");
    await expect(temperature).toHaveAttribute("step", "0.1");
    await temperature.fill("0.15");
    await dialog.getByLabel("Max tokens").fill("1500");
    await dialog.getByLabel("Priority").fill("-10");
    await dialog.getByRole("button", { name: "Add Model" }).click();
    await expect(dialog.getByText("Temperature goes in steps of 0.1, for example 0.7.")).toBeVisible();
    await expect(temperature).toBeFocused();
    await expectAccessible(page, "Add Model dialog with an error");
    await temperature.fill("0.4");
    await dialog.getByRole("button", { name: "Add Model" }).click();
    await expect(dialog).toBeHidden();

    const added = card(page, name);
    await expect(added).toContainText(modelId);
    await expect(added).toContainText("Answers Free first");

    try {
      // A Free member's next question is answered by the new model.
      const member = await anotherPage(browser);
      await signUp(member);
      await newChat(member);
      await sendMessage(member, "Can my landlord keep my deposit?");
      const conversation = member.getByRole("region", { name: "Conversation" });
      await expect(conversation.getByText(`OpenAI · ${modelId}`)).toBeVisible({ timeout: 15_000 });
      await expect(conversation.getByText(/Legal information \(OpenAI fake\)/).first()).toBeVisible();
      await member.context().close();

      // Edit: the change shows once saved.
      await added.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Model" });
      await expect(edit.getByLabel("Model id")).toHaveValue(modelId);
      await expect(edit.getByLabel("Temperature")).toHaveValue("0.4");
      await expectAccessible(page, "Edit Model dialog");
      await edit.getByLabel("Temperature").fill("1.1");
      await edit.getByRole("checkbox", { name: "Active" }).uncheck();
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(edit).toBeHidden();
      await expect(added).toContainText("1.1");
      await expect(added).toContainText("Inactive");
      await expect(added).not.toContainText("Answers Free first");
    } finally {
      // Delete, with the confirmation.
      await added.getByRole("button", { name: `Delete ${name}` }).click();
      const confirm = page.getByRole("dialog", { name: "Delete this model?" });
      await expect(confirm).toContainText(modelId);
      await expectAccessible(page, "Delete model dialog");
      await confirm.getByRole("button", { name: "Delete Model" }).click();
      await expect(confirm).toBeHidden();
      await expect(added).toHaveCount(0);
    }
  });
});
