/**
 * The benchmark report: every measurement module returns a Section of figures, each with its target and
 * a verdict, and this module lays them out as one markdown document (written to bench/results/ and
 * printed to stdout alike). A missed target stays in the table as "not met"; a figure that could not be
 * measured says so and why.
 */

export type Verdict = "met" | "not met" | "not measured" | "no target";

export interface Figure {
  /** What was measured, e.g. "Cached `/article/42`: p99 latency". */
  label: string;
  /** The result as shown, with its unit ("4,210 req/s", "12.3 ms"), or "—" when not measured. */
  result: string;
  /** The target as shown ("< 20 ms"), or "no target" for a figure given for context. */
  target: string;
  verdict: Verdict;
}

export interface Section {
  title: string;
  figures: Figure[];
  /** Markdown paragraphs under the table: how it was measured, tools, caveats, diagnostics. */
  notes: string[];
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
  extra: string[];
}

export interface ReportHeader {
  date: Date;
  commit: string;
  machine: MachineInfo;
  quick: boolean;
  full: boolean;
  only: string[];
  durationMs: number;
}

/** A figure judged against a target. */
export function judged(label: string, result: string, target: string, met: boolean): Figure {
  return { label, result, target, verdict: met ? "met" : "not met" };
}

/** A figure given for context, with no target of its own. */
export function context(label: string, result: string): Figure {
  return { label, result, target: "no target", verdict: "no target" };
}

/** A figure with a target that could not be measured; `reason` goes in the result cell. */
export function unmeasured(label: string, target: string, reason: string): Figure {
  return { label, result: `— (${reason})`, target, verdict: "not measured" };
}

const integerFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function count(value: number): string {
  return integerFormat.format(value);
}

/** Milliseconds with sensible precision: 0.42 ms, 4.2 ms, 42 ms, 1,234 ms. */
export function ms(value: number): string {
  if (value < 1) return `${value.toFixed(2)} ms`;
  if (value < 10) return `${value.toFixed(1)} ms`;
  return `${count(value)} ms`;
}

export function seconds(valueMs: number): string {
  return `${(valueMs / 1000).toFixed(valueMs < 10_000 ? 2 : 1)} s`;
}

export function ratio(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)}x`;
}

export function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

export function bytes(value: number): string {
  if (value < 1_000) return `${value} B`;
  if (value < 1_000_000) return `${(value / 1_000).toFixed(1)} KB`;
  return `${(value / 1_000_000).toFixed(1)} MB`;
}

/** The value at quantile q (0..1) of the samples, by the nearest-rank method. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export const median = (samples: number[]) => quantile(samples, 0.5);

function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

export function markdownTable(headings: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(" | ")} |`;
  return [line(headings), line(headings.map(() => "---")), ...rows.map(line)].join("\n");
}

const VERDICT_SHOWN: Record<Verdict, string> = {
  met: "met",
  "not met": "**not met**",
  "not measured": "not measured",
  "no target": "—",
};

function sectionTable(section: Section): string {
  return markdownTable(
    ["Figure", "Result", "Target", "Verdict"],
    section.figures.map((figure) => [figure.label, figure.result, figure.target, VERDICT_SHOWN[figure.verdict]]),
  );
}

function summary(sections: Section[]): string {
  const targeted = sections.flatMap((section) =>
    section.figures.filter((figure) => figure.verdict !== "no target").map((figure) => ({ section, figure })),
  );
  const tally = (verdict: Verdict) => targeted.filter(({ figure }) => figure.verdict === verdict);
  const missed = tally("not met");
  const unknown = tally("not measured");
  const lines = [
    `**${tally("met").length} of ${targeted.length} targets met, ${missed.length} not met, ${unknown.length} not measured.**`,
  ];
  if (missed.length > 0) {
    lines.push("", "Targets not met:", "");
    for (const { section, figure } of missed)
      lines.push(`- ${section.title}: ${figure.label}: ${figure.result} (target ${figure.target})`);
  }
  if (unknown.length > 0) {
    lines.push("", "Targets not measured:", "");
    for (const { section, figure } of unknown) lines.push(`- ${section.title}: ${figure.label}: ${figure.result}`);
  }
  return lines.join("\n");
}

function headerLines(header: ReportHeader): string[] {
  const { machine } = header;
  const kind = header.quick
    ? "**Quick run** (`--quick`): smaller data and shorter load runs, for trying the harness. " +
      "Its figures are not comparable with a full run; verdicts are indicative only."
    : header.full
      ? "Full run with `--full` (search scaling up to 1,000,000 articles on PostgreSQL)."
      : "Standard run (search scaling to 100,000 articles; `--full` adds 1,000,000 on PostgreSQL).";
  return [
    `# Byline benchmark, ${header.date.toISOString().slice(0, 10)}`,
    "",
    kind,
    "",
    markdownTable(
      ["", ""],
      [
        ["Date", header.date.toISOString().replace("T", " ").slice(0, 19) + " UTC"],
        ["Commit", header.commit],
        ["CPU", `${machine.cpu}, ${machine.cores} cores`],
        ["Memory", machine.memory],
        ["OS", machine.os],
        ["Node.js", machine.node],
        ...machine.extra.map((line) => {
          const [name, ...rest] = line.split(": ");
          return [name ?? line, rest.join(": ")];
        }),
        ["Measurements", header.only.join(", ")],
        ["Duration", seconds(header.durationMs)],
      ],
    ),
  ];
}

export function renderReport(header: ReportHeader, sections: Section[]): string {
  const parts = [...headerLines(header), "", "## Summary", "", summary(sections)];
  for (const section of sections) {
    parts.push("", `## ${section.title}`, "", sectionTable(section));
    for (const note of section.notes) parts.push("", note);
  }
  return `${parts.join("\n")}\n`;
}
