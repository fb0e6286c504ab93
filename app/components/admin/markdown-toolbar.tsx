import { Bold, Eye, Underline } from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import { BOLD, UNDERLINE, type Markers } from "~/utils/markdown-toolbar";

/** Ctrl+B and Ctrl+U (⌘ on a Mac) in the field, as the toolbar's buttons. */
export const SHORTCUT_MARKERS: Partial<Record<string, Markers>> = { b: BOLD, u: UNDERLINE };

/** The letter of a Ctrl (or ⌘) shortcut, lower case, without Shift or Alt; "" for any other key. */
export function shortcutOf(event: KeyboardEvent): string {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey ? event.key.toLowerCase() : "";
}

/** A markdown field's tools: Bold and Underline (off while the preview shows), and the Preview toggle. */
export function MarkdownToolbar({
  fieldId,
  previewing,
  onMarkers,
  onTogglePreview,
}: {
  /** The textarea the tools act on. */
  fieldId: string;
  previewing: boolean;
  onMarkers: (markers: Markers) => void;
  onTogglePreview: () => void;
}) {
  return (
    <div role="toolbar" aria-label="Formatting" aria-controls={fieldId} className="flex gap-1">
      <ToolbarButton label="Bold" shortcutKey="B" disabled={previewing} onClick={() => onMarkers(BOLD)}>
        <Bold aria-hidden className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Underline" shortcutKey="U" disabled={previewing} onClick={() => onMarkers(UNDERLINE)}>
        <Underline aria-hidden className="size-4" />
      </ToolbarButton>
      <button
        type="button"
        aria-pressed={previewing}
        onClick={onTogglePreview}
        className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 aria-pressed:bg-slate-900 aria-pressed:text-white dark:border-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-100 dark:aria-pressed:text-slate-900"
      >
        <Eye aria-hidden className="size-4" />
        Preview
      </button>
    </div>
  );
}

function ToolbarButton({
  label,
  shortcutKey,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** Ctrl+key (⌘ on a Mac) does the same in the field. */
  shortcutKey: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-keyshortcuts={`Control+${shortcutKey} Meta+${shortcutKey}`}
      title={`${label} (Ctrl+${shortcutKey} or ⌘${shortcutKey})`}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded-lg border border-slate-300 hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}
