import { Markdown } from "@client/components/Markdown";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

function show(text: string) {
  return render(
    <MemoryRouter>
      <Markdown>{text}</Markdown>
    </MemoryRouter>,
  );
}

describe("assistant answers as Markdown", () => {
  it("renders the GitHub-flavoured parts answers use: tables, strikethrough, bare links, task lists", () => {
    const { container } = show(
      [
        "| Step | Deadline |",
        "| --- | --- |",
        "| Demand letter | 14 days |",
        "",
        "~~Old rule~~ replaced.",
        "",
        "See https://www.courts.ca.gov for forms.",
        "",
        "- [x] Photos taken",
        "- [ ] Letter sent",
      ].join("\n"),
    );
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "14 days" })).toBeInTheDocument();
    expect(container.querySelector("del")?.textContent).toBe("Old rule");
    const link = screen.getByRole("link", { name: "https://www.courts.ca.gov" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
  });

  it("never renders raw HTML, and keeps links inside LawGuide in the app", () => {
    const { container } = show(
      '<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[Document Center](/dashboard/create)',
    );
    expect(container.querySelector("img, script")).toBeNull();
    expect(screen.getByRole("link", { name: "Document Center" })).toHaveAttribute("href", "/dashboard/create");
    expect(screen.getByRole("link", { name: "Document Center" })).not.toHaveAttribute("target");
  });

  it("gives no script or data address to a link", () => {
    const { container } = show("[click](javascript:alert(1)) and [data](data:text/html,<b>x</b>)");
    for (const link of container.querySelectorAll("a")) {
      expect(link.getAttribute("href") ?? "").not.toMatch(/^\s*(javascript|data):/i);
    }
  });

  it("leaves footnote syntax as plain text (chats have no footnotes)", () => {
    show("A claim[^1].\n\n[^1]: A note.");
    expect(screen.getByText(/A claim\[\^1\]\./)).toBeInTheDocument();
  });
});
