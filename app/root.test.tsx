import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

/** Renders the root error boundary as it appears after a loader failed with `error`. */
function renderFailure(error: unknown, path = "/search?query=chips&page=2"): string {
  const Stub = createRoutesStub([{ id: "root", path: "*", Component: () => null, ErrorBoundary }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ errors: { root: error } }} />);
}

describe("the top-level error screen", () => {
  it("shows the spec's texts and a Refresh Page button that reloads the same address", () => {
    const html = renderFailure(new Error("database exploded at 10.0.0.5"));

    expect(html).toContain("<h1");
    expect(html).toContain("Something went wrong</h1>");
    expect(html).toContain("Please try refreshing the page");
    expect(html).toMatch(/<form method="get"[^>]*>.*<button type="submit"[^>]*>Refresh Page<\/button><\/form>/s);
    expect(html).toContain('<input type="hidden" name="query" value="chips"/>');
    expect(html).toContain('<input type="hidden" name="page" value="2"/>');
  });

  it("never shows the error's message or stack", () => {
    const html = renderFailure(new Error("database exploded at 10.0.0.5"));

    expect(html).not.toContain("exploded");
    expect(html).not.toContain("10.0.0.5");
    expect(html).not.toMatch(/\bat \S+:\d+:\d+/);
  });

  it("shows a 404 as Page not found with a way home", () => {
    const html = renderFailure(notFound(), "/missing");

    expect(html).toContain("Page not found</h1>");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("Something went wrong");
  });
});

function notFound() {
  // What a loader's `throw data(null, { status: 404 })` becomes once React Router has caught it.
  return { status: 404, statusText: "Not Found", internal: false, data: null };
}
