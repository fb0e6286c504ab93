import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DuplicateWarning, FollowUpOffer } from "./article-save-notices";

const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the duplicate warning", () => {
  it("calls a scheduled article scheduled, and links to no reader page before it is out", () => {
    const html = renderToStaticMarkup(<DuplicateWarning duplicate={{ id: 7, title: "Acme buys Globex", status: "scheduled" }} />);
    expect(text(html)).toContain(
      "Similar article: Acme buys Globex (scheduled). If yours is a different story, choose Save anyway.",
    );
    expect(html).not.toContain("<a ");
  });

  it("links a published article to its page and says it is published", () => {
    const html = renderToStaticMarkup(<DuplicateWarning duplicate={{ id: 7, title: "Acme buys Globex", status: "published" }} />);
    expect(text(html)).toContain("Similar article: Acme buys Globex (published).");
    expect(html).toContain('href="/article/7"');
  });

  it("calls a draft in review in review", () => {
    const html = renderToStaticMarkup(<DuplicateWarning duplicate={{ id: 7, title: "Acme buys Globex", status: "in_review" }} />);
    expect(text(html)).toContain("Similar article: Acme buys Globex (in review).");
  });
});

describe("the follow-up offer", () => {
  it("names a scheduled earlier story as scheduled and opens it in the editor, not on the reader side", () => {
    const html = renderToStaticMarkup(<FollowUpOffer earlier={{ id: 7, title: "Acme buys Globex", status: "scheduled" }} />);
    expect(text(html)).toContain("This may be a follow-up to: Acme buys Globex (scheduled)");
    expect(html).toContain('href="/admin/articles/7/edit"');
  });
});
