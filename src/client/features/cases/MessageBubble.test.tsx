import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageBubble } from "./MessageBubble";

const answer = {
  content: "Your landlord has 30 days (Tex. Prop. Code § 92.103).",
  isUser: false,
  createdAt: "2026-12-07T10:00:00.000Z",
  aiProvider: "openai",
  aiModel: "gpt-5-mini",
  state: "complete",
  kind: "chat",
};

describe("an answer's sources", () => {
  it("lists the law library's facts with when each was checked, and marks citations LawGuide has not checked", () => {
    render(
      <MessageBubble
        message={{
          ...answer,
          sources: {
            library: [
              {
                state: "TX",
                stateName: "Texas",
                topic: "security-deposit",
                topicLabel: "Security deposit return",
                citation: "Tex. Prop. Code § 92.103(a)",
                checked: null,
                url: null,
              },
              {
                state: "TX",
                stateName: "Texas",
                topic: "final-paycheck",
                topicLabel: "Final paycheck",
                citation: "Tex. Lab. Code § 61.014(a)-(b)",
                checked: "2026-12",
                url: "https://statutes.capitol.texas.gov/Docs/LA/htm/LA.61.htm",
              },
            ],
            unchecked: ["Tex. Prop. Code § 92.0081"],
          },
        }}
      />,
    );
    const library = screen.getByRole("list", { name: "Sources from LawGuide's law library" });
    const items = within(library).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Tex. Prop. Code § 92.103(a) — not verified");
    expect(items[0]).toHaveTextContent("Texas · Security deposit return");
    expect(items[1]).toHaveTextContent("Tex. Lab. Code § 61.014(a)-(b) (opens in a new tab) — checked 2026-12");
    const link = within(items[1] as HTMLElement).getByRole("link", { name: /Tex\. Lab\. Code § 61\.014/ });
    expect(link).toHaveAttribute("href", "https://statutes.capitol.texas.gov/Docs/LA/htm/LA.61.htm");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const unchecked = screen.getByRole("list", { name: "Not checked by LawGuide" });
    expect(within(unchecked).getByRole("listitem")).toHaveTextContent("Tex. Prop. Code § 92.0081");
  });

  it("shows nothing of the kind for an answer without sources", () => {
    render(<MessageBubble message={{ ...answer, sources: null }} />);
    expect(screen.queryByText("Sources from LawGuide's law library")).toBeNull();
    expect(screen.queryByText("Not checked by LawGuide")).toBeNull();
  });
});
