import { describe, expect, it } from "vitest";
import { BOLD, toggleMarkers, UNDERLINE, type Markers, type TextSelection } from "./markdown-toolbar";

/** A selection written the way an editor sees it: the selected part between [ and ], or | for the cursor. */
function selection(marked: string): TextSelection {
  if (marked.includes("|")) {
    const start = marked.indexOf("|");
    return { text: marked.replace("|", ""), start, end: start };
  }
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return { text: marked.replace("[", "").replace("]", ""), start, end };
}

/** The other way round: the text with its selection shown. */
function shown({ text, start, end }: TextSelection): string {
  if (start === end) return `${text.slice(0, start)}|${text.slice(start)}`;
  return `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
}

const toggle = (marked: string, markers: Markers) => shown(toggleMarkers(selection(marked), markers));

describe.each([
  ["BOLD", BOLD, "**", "**"],
  ["UNDERLINE", UNDERLINE, "<u>", "</u>"],
])("toggleMarkers with %s", (_name, markers, before, after) => {
  it("wraps the selection and keeps the same words selected", () => {
    const result = toggleMarkers(selection("hello [world]"), markers);

    expect(result.text).toBe(`hello ${before}world${after}`);
    expect(result.text.slice(result.start, result.end)).toBe("world");
    expect(result).toEqual({ text: `hello ${before}world${after}`, start: 6 + before.length, end: 11 + before.length });
  });

  it("inserts the markers with the cursor between them when nothing is selected", () => {
    expect(toggle("hello |", markers)).toBe(`hello ${before}|${after}`);
    expect(toggle("|", markers)).toBe(`${before}|${after}`);
  });

  it("unwraps when the markers are just outside the selection, keeping the words selected", () => {
    expect(toggle(`hello ${before}[world]${after}!`, markers)).toBe("hello [world]!");
  });

  it("unwraps when the selection includes the markers", () => {
    expect(toggle(`hello [${before}world${after}]!`, markers)).toBe("hello [world]!");
  });

  it("undoes itself: a second click gives back the original text and selection", () => {
    const original = selection("one [two] three");
    expect(toggleMarkers(toggleMarkers(original, markers), markers)).toEqual(original);

    const cursor = selection("one |");
    expect(toggleMarkers(toggleMarkers(cursor, markers), markers)).toEqual(cursor);
  });

  it("unwraps a selection that includes the markers and a space after them", () => {
    // A double-click on a formatted word often takes the space after it too.
    expect(toggle(`[${before}hello${after} ]`, markers)).toBe("[hello] ");
  });

  it("keeps spaces at the edges of the selection outside the markers", () => {
    expect(toggle("say[ hello  ]world", markers)).toBe(`say ${before}[hello]${after}  world`);
  });

  it("changes only the selection in the middle of a longer text", () => {
    const text = "The first paragraph.\n\nA second one with a key phrase in it.\n\nThe end.";
    const start = text.indexOf("key phrase");
    const result = toggleMarkers({ text, start, end: start + "key phrase".length }, markers);

    expect(result.text).toBe(text.replace("key phrase", `${before}key phrase${after}`));
    expect(result.text.slice(result.start, result.end)).toBe("key phrase");
  });

  it("wraps a selection that only contains the markers' characters in part", () => {
    // Only one side is marked, so this is not a wrapped selection.
    expect(toggle(`[${before}word]`, markers)).toBe(`${before}[${before}word]${after}`);
  });
});

describe("toggleMarkers with both formats", () => {
  it("underlines bold text inside the bold markers, and leaves the bold alone when the underline is removed", () => {
    const bold = toggleMarkers(selection("a [word] here"), BOLD);
    const both = toggleMarkers(bold, UNDERLINE);
    expect(shown(both)).toBe("a **<u>[word]</u>** here");

    expect(shown(toggleMarkers(both, UNDERLINE))).toBe("a **[word]** here");
  });
});
