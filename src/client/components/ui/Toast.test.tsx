import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { ToastProvider, useToast } from "./Toast";

// A toast follows the pointer to be swiped away; jsdom has no pointer capture to follow it with.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success("Changes to Ada Lovelace were saved.")}>
        Save
      </button>
      <button type="button" onClick={() => toast.error("Failed to delete user. Please try again.")}>
        Delete
      </button>
    </>
  );
}

function showToasts() {
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
  return userEvent.setup();
}

/** The toasts shown (the list items of the notifications region), not their screen-reader copies. */
const shown = () => screen.queryAllByRole("listitem").map((item) => item.textContent);

describe("toasts", () => {
  it("show one at a time: the newest takes the place of the one before, never piling down the page", async () => {
    const user = showToasts();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(shown()).toEqual(["Changes to Ada Lovelace were saved."]));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(shown()).toEqual(["Failed to delete user. Please try again."]));
  });

  it("close with their Dismiss button", async () => {
    const user = showToasts();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await user.click(await screen.findByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(shown()).toEqual([]));
  });

  it("sit in the header's band at the top, centred: not on the right where a list's row actions are", async () => {
    const user = showToasts();
    await user.click(screen.getByRole("button", { name: "Save" }));
    const viewport = (await screen.findByRole("region", { name: /Notification/ })).querySelector("ol");
    const classes = (viewport?.className ?? "").split(/\s+/);
    expect(classes).toEqual(expect.arrayContaining(["fixed", "top-0", "inset-x-0", "mx-auto"]));
    expect(classes.filter((c) => /^(right|bottom|top-(?!0$))/.test(c))).toEqual([]);
  });
});
