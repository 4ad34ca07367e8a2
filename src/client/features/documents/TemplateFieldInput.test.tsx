import type { AnswerValue, TemplateField } from "@shared/templates/types";
import { FIELD_TEXT, validateField } from "@shared/templates/validation";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TemplateFieldInput } from "./TemplateFieldInput";

const make = (field: Omit<TemplateField, "name">): TemplateField => ({ ...field, name: field.id });

const FIELDS = {
  text: make({ id: "fullName", label: "Your Full Name", type: "text", required: true, placeholder: "e.g. Jane Doe" }),
  textarea: make({ id: "details", label: "What Happened", type: "textarea", required: true }),
  address: make({ id: "home", label: "Your Address", type: "address", required: true }),
  select: make({
    id: "state",
    label: "State",
    type: "select",
    required: true,
    options: ["California", "Texas", "Other"],
  }),
  radio: make({
    id: "pets",
    label: "Pet Policy",
    type: "radio",
    required: true,
    options: ["No pets allowed", "Pets allowed with deposit", "Pets allowed"],
  }),
  yesNo: make({ id: "agree", label: "I have read the notice", type: "checkbox", required: true }),
  multi: make({
    id: "utilities",
    label: "Utilities Paid by Landlord",
    type: "checkbox",
    required: true,
    options: ["Water", "Electricity", "Gas"],
    helpText: "Choose all that apply.",
  }),
  date: make({ id: "start", label: "Lease Start Date", type: "date", required: true }),
  number: make({
    id: "days",
    label: "Days to Comply",
    type: "number",
    required: true,
    placeholder: "e.g. 10",
    helpText: "1 to 60 days.",
    validation: { min: 1, max: 60 },
  }),
  currency: make({
    id: "rent",
    label: "Monthly Rent",
    type: "currency",
    required: false,
    placeholder: "e.g. 1,500.00",
    validation: { min: 1 },
  }),
} satisfies Record<string, TemplateField>;

/** The generator's part: it keeps the answer, and passes on the error it is given. */
function Harness({
  field,
  initial,
  error,
  onChange,
}: {
  field: TemplateField;
  initial: AnswerValue;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
}) {
  const [value, setValue] = useState<AnswerValue>(initial);
  return (
    <TemplateFieldInput
      field={field}
      value={value}
      error={error}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

/**
 * One field, starting from `initial`. With `checkFirst` the starting answer is checked by the
 * shared template rules and the field shows their error (as after 'Generate Document').
 * (Clearing an error on edit is the generator's job: see DocumentGenerator.test.tsx.)
 */
function renderField(field: TemplateField, initial?: AnswerValue, options: { checkFirst?: boolean } = {}) {
  const user = userEvent.setup();
  const changes: AnswerValue[] = [];
  const error = options.checkFirst
    ? (validateField(field, initial, { [field.id]: initial }, [field]) ?? undefined)
    : undefined;
  render(<Harness field={field} initial={initial} error={error} onChange={(value) => changes.push(value)} />);
  return { user, changes };
}

/** Check `element`'s attributes: each has the value given, or is absent where `null` is given. */
function expectAttributes(element: HTMLElement, attributes: Record<string, string | null>) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) expect(element).not.toHaveAttribute(name);
    else expect(element).toHaveAttribute(name, value);
  }
}

describe("template field inputs", () => {
  // The fields drawn as a plain text box: what the box says of itself, and what typing gives.
  const textBoxes: {
    title: string;
    field: TemplateField;
    attributes: Record<string, string | null>;
    description?: string;
    typed: string;
  }[] = [
    {
      title: "draws a text field as a labelled, required text box",
      field: FIELDS.text,
      attributes: { type: "text", "aria-required": "true", placeholder: "e.g. Jane Doe", "data-field-id": "fullName" },
      typed: "Jane",
    },
    {
      title: "draws a number field as a text box with a numeric keypad, keeping what was typed",
      field: FIELDS.number,
      attributes: { inputmode: "numeric" },
      description: "1 to 60 days.",
      typed: "12",
    },
    {
      title: "draws a currency field with a decimal keypad and the dollar sign outside its name",
      field: FIELDS.currency,
      attributes: { inputmode: "decimal", placeholder: "1,500.00", "aria-required": null },
      typed: "$1,200.50",
    },
  ];
  for (const { title, field, attributes, description, typed } of textBoxes) {
    it(title, async () => {
      const { user, changes } = renderField(field);
      const box = screen.getByRole("textbox", { name: field.label });
      expectAttributes(box, attributes);
      if (description) expect(box).toHaveAccessibleDescription(description);
      await user.type(box, typed);
      expect(changes.at(-1)).toBe(typed);
    });
  }

  it("draws a textarea that takes several lines", async () => {
    const { user, changes } = renderField(FIELDS.textarea);
    const box = screen.getByRole("textbox", { name: "What Happened" });
    expect(box.tagName).toBe("TEXTAREA");
    await user.type(box, "On Monday{Enter}and Tuesday");
    expect(changes.at(-1)).toBe("On Monday\nand Tuesday");
  });

  it("draws an address as a textarea the browser can fill in", () => {
    renderField(FIELDS.address);
    const box = screen.getByRole("textbox", { name: "Your Address" });
    expect(box.tagName).toBe("TEXTAREA");
    expect(box).toHaveAttribute("autocomplete", "street-address");
  });

  it("draws a select with an empty first choice", async () => {
    const { user, changes } = renderField(FIELDS.select);
    const select = screen.getByRole("combobox", { name: "State" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select…", "California", "Texas", "Other"]);
    expect(select).toHaveValue("");
    await user.selectOptions(select, "Texas");
    expect(select).toHaveValue("Texas");
    expect(changes).toEqual(["Texas"]);
  });

  it("draws a radio field as one required group with a radio per option", async () => {
    const { user, changes } = renderField(FIELDS.radio);
    const group = screen.getByRole("radiogroup", { name: "Pet Policy" });
    expect(group).toHaveAttribute("aria-required", "true");
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(FIELDS.radio.options);

    await user.click(within(group).getByRole("radio", { name: "Pets allowed" }));
    await user.click(within(group).getByRole("radio", { name: "No pets allowed" }));
    expect(changes).toEqual(["Pets allowed", "No pets allowed"]);
    expect(within(group).getByRole("radio", { name: "No pets allowed" })).toBeChecked();
    expect(within(group).getByRole("radio", { name: "Pets allowed" })).not.toBeChecked();
  });

  it("draws a checkbox without options as one yes/no box", async () => {
    const { user, changes } = renderField(FIELDS.yesNo);
    const box = screen.getByRole("checkbox", { name: "I have read the notice" });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(box);
    expect(changes).toEqual([true, false]);
  });

  it("draws a checkbox with options as a group of boxes whose answer keeps the options' order", async () => {
    const { user, changes } = renderField(FIELDS.multi);
    const group = screen.getByRole("group", { name: "Utilities Paid by Landlord" });
    expect(group).toHaveAccessibleDescription("Choose all that apply.");

    await user.click(within(group).getByRole("checkbox", { name: "Gas" }));
    await user.click(within(group).getByRole("checkbox", { name: "Water" }));
    await user.click(within(group).getByRole("checkbox", { name: "Gas" }));
    expect(changes).toEqual([["Gas"], ["Water", "Gas"], ["Water"]]);
    expect(within(group).getByRole("checkbox", { name: "Water" })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: "Gas" })).not.toBeChecked();
  });

  it("draws a date field as a labelled date input", async () => {
    const { user, changes } = renderField(FIELDS.date);
    // The label also holds the (hidden) required mark: the accessible name is the label alone.
    const input = screen.getByLabelText(/^Lease Start Date/);
    expect(input).toHaveAccessibleName("Lease Start Date");
    expectAttributes(input, { type: "date", "aria-required": "true" });
    await user.type(input, "2026-03-01");
    expect(changes.at(-1)).toBe("2026-03-01");
  });

  describe("errors", () => {
    it.each([
      ["text", FIELDS.text, "textbox"],
      ["textarea", FIELDS.textarea, "textbox"],
      ["select", FIELDS.select, "combobox"],
      ["yes/no box", FIELDS.yesNo, "checkbox"],
      ["number", FIELDS.number, "textbox"],
    ] as const)("ties '{label} is required' to the %s control", (_type, field, role) => {
      renderField(field, undefined, { checkFirst: true });
      const control = screen.getByRole(role, { name: field.label });
      const error = FIELD_TEXT.required(field.label);
      expect(control).toHaveAttribute("aria-invalid", "true");
      expect(control).toHaveAccessibleDescription(field.helpText ? `${field.helpText} ${error}` : error);
    });

    it("ties '{label} is required' to a date input", () => {
      renderField(FIELDS.date, "", { checkFirst: true });
      const input = screen.getByLabelText(/^Lease Start Date/);
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription(FIELD_TEXT.required("Lease Start Date"));
    });

    it("ties the error to a radio group, which is announced invalid", () => {
      renderField(FIELDS.radio, undefined, { checkFirst: true });
      const group = screen.getByRole("radiogroup", { name: "Pet Policy" });
      expect(group).toHaveAttribute("aria-invalid", "true");
      expect(group).toHaveAccessibleDescription(FIELD_TEXT.required("Pet Policy"));
    });

    it("ties the error to a multi-select group after its help, and marks its boxes invalid", () => {
      renderField(FIELDS.multi, [], { checkFirst: true });
      const group = screen.getByRole("group", { name: "Utilities Paid by Landlord" });
      expect(group).toHaveAccessibleDescription(
        `Choose all that apply. ${FIELD_TEXT.required("Utilities Paid by Landlord")}`,
      );
      for (const box of within(group).getAllByRole("checkbox")) expect(box).toHaveAttribute("aria-invalid", "true");
    });

    it("shows the shared rules' range and format errors", () => {
      renderField(FIELDS.number, "61", { checkFirst: true });
      expect(screen.getByRole("textbox", { name: "Days to Comply" })).toHaveAccessibleDescription(
        `1 to 60 days. ${FIELD_TEXT.max("Days to Comply", 60)}`,
      );
    });

    it("shows 'Invalid format' for an amount that is not one", () => {
      renderField(FIELDS.currency, "twelve", { checkFirst: true });
      expect(screen.getByRole("textbox", { name: "Monthly Rent" })).toHaveAccessibleDescription(
        FIELD_TEXT.invalidFormat("Monthly Rent"),
      );
    });

    it("has no error and no invalid state for a good answer", () => {
      renderField(FIELDS.number, "30", { checkFirst: true });
      const box = screen.getByRole("textbox", { name: "Days to Comply" });
      expect(box).not.toHaveAttribute("aria-invalid");
      expect(box).toHaveAccessibleDescription("1 to 60 days.");
    });
  });
});
