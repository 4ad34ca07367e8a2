import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type DataColumn, DataTable } from "./DataTable";

interface Row {
  id: string;
  name: string;
}

const COLUMNS: DataColumn<Row>[] = [
  { header: "Name", cell: (row) => row.name, skeleton: "h-4 w-24" },
  { header: "Actions", cell: (row) => <button type="button">Edit {row.name}</button> },
];

describe("DataTable", () => {
  it("shows a header per column and a row per item, the last column aligned to the end", () => {
    render(<DataTable caption="People" columns={COLUMNS} rows={[{ id: "1", name: "Mia" }]} />);
    const table = screen.getByRole("table", { name: "People" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Name", "Actions"]);
    expect(headers[1]).toHaveClass("text-right");
    expect(within(table).getByRole("button", { name: "Edit Mia" })).toBeInTheDocument();
  });

  it("stands skeleton rows in while loading, hidden from screen readers", () => {
    render(<DataTable caption="People" columns={COLUMNS} rows={undefined} skeletonRows={3} />);
    const table = screen.getByRole("table", { name: "People" });
    // Only the header row is exposed.
    expect(within(table).getAllByRole("row")).toHaveLength(1);
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(3);
  });
});
