import { describe, expect, it } from "vitest";
import { context, judged, quantile, renderReport, unmeasured, type ReportHeader } from "./report";

const header: ReportHeader = {
  date: new Date("2026-03-01T09:30:00Z"),
  commit: "abc1234",
  machine: { cpu: "Test CPU", cores: 2, memory: "8.0 GiB", os: "Linux", node: "v20.19.0", extra: ["wrk: 4.1.0"] },
  quick: false,
  full: false,
  only: ["load"],
  durationMs: 1_000,
};

describe("quantile", () => {
  it("takes the nearest rank", () => {
    const samples = Array.from({ length: 200 }, (_, index) => 200 - index);
    expect(quantile(samples, 0.5)).toBe(100);
    expect(quantile(samples, 0.95)).toBe(190);
    expect(quantile([7], 0.95)).toBe(7);
  });
});

describe("renderReport", () => {
  it("keeps every figure with its target and verdict, and lists missed and unmeasured targets in the summary", () => {
    const report = renderReport(header, [
      {
        title: "Load",
        figures: [
          judged("Cached article: p99 latency", "31 ms", "< 20 ms", false),
          judged("Uncached home: requests/s", "412 req/s", "≥ 300 req/s", true),
          context("nginx: requests/s", "20,000 req/s"),
          unmeasured("Server memory", "< 400.0 MB", "no /proc"),
        ],
        notes: ["Measured with wrk."],
      },
    ]);
    expect(report).toContain("**1 of 3 targets met, 1 not met, 1 not measured.**");
    expect(report).toContain("- Load: Cached article: p99 latency: 31 ms (target < 20 ms)");
    expect(report).toContain("| Cached article: p99 latency | 31 ms | < 20 ms | **not met** |");
    expect(report).toContain("| Uncached home: requests/s | 412 req/s | ≥ 300 req/s | met |");
    expect(report).toContain("| nginx: requests/s | 20,000 req/s | no target | — |");
    expect(report).toContain("| Commit | abc1234 |");
    expect(report).toContain("| wrk | 4.1.0 |");
  });

  it("says when a run is quick", () => {
    expect(renderReport({ ...header, quick: true }, [])).toContain("**Quick run**");
  });
});
