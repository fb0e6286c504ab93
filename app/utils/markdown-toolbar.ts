/** A textarea's value with its selection, as the editor's toolbar reads and writes it. */
export interface TextSelection {
  text: string;
  start: number;
  end: number;
}

export interface Markers {
  before: string;
  after: string;
}

/** The toolbar's two formats: markdown bold, and the underline tag the article renderer allows. */
export const BOLD: Markers = { before: "**", after: "**" };
export const UNDERLINE: Markers = { before: "<u>", after: "</u>" };

/**
 * Bold or Underline on the selection. A selection already wrapped in the markers (just outside it,
 * or at its own edges) is unwrapped, so a second click undoes the first. Spaces at the selection's
 * edges stay outside the markers, since "** word**" is not bold in markdown. With nothing selected,
 * the markers are inserted and the cursor placed between them.
 */
export function toggleMarkers({ text, start, end }: TextSelection, { before, after }: Markers): TextSelection {
  // Spaces at the selection's edges (a double-click or a drag often takes one) are not part of the format.
  const selected = text.slice(start, end);
  const innerStart = start + (selected.length - selected.trimStart().length);
  const innerEnd = Math.max(innerStart, end - (selected.length - selected.trimEnd().length));
  const inner = text.slice(innerStart, innerEnd);

  if (text.slice(innerStart - before.length, innerStart) === before && text.slice(innerEnd, innerEnd + after.length) === after) {
    return {
      text: text.slice(0, innerStart - before.length) + inner + text.slice(innerEnd + after.length),
      start: innerStart - before.length,
      end: innerEnd - before.length,
    };
  }
  if (inner.length >= before.length + after.length && inner.startsWith(before) && inner.endsWith(after)) {
    const unwrapped = inner.slice(before.length, inner.length - after.length);
    return {
      text: text.slice(0, innerStart) + unwrapped + text.slice(innerEnd),
      start: innerStart,
      end: innerStart + unwrapped.length,
    };
  }
  return {
    text: text.slice(0, innerStart) + before + inner + after + text.slice(innerEnd),
    start: innerStart + before.length,
    end: innerEnd + before.length,
  };
}
