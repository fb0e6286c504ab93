import { useRef, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { ArticleBody } from "~/components/article-body";
import { toggleMarkers, type Markers } from "~/utils/markdown-toolbar";
import { MarkdownToolbar, SHORTCUT_MARKERS, shortcutOf } from "./markdown-toolbar";
import { useMarkdownPreview } from "./use-markdown-preview";
import { INPUT_CLASS } from "~/components/ui/text-input";
import { FieldError } from "~/components/ui/field";

interface MarkdownFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  required?: boolean;
  error?: string;
  /** Under the field; the markdown summary by default. */
  hint?: ReactNode;
  /** The preview answered 401: the editor offers to sign in again (decision 036). */
  onSignedOut: () => void;
  /** Fill the site's placeholders ({site.name}, ...) in the preview, as pages show them (decision 039). */
  placeholders?: boolean;
}

export const MARKDOWN_HINT = "Markdown: **bold**, <u>underline</u>, ## headings, - lists, > quotes, [links](https://…).";

/**
 * A markdown text field with the article editor's tools (markdown-toolbar.tsx): Bold and Underline buttons (Ctrl+B,
 * Ctrl+U), and Preview, which shows the text through the very conversion and sanitizer the site uses
 * (use-markdown-preview.ts). Shared by the article editor and the page editor.
 */
export function MarkdownField({
  id,
  name,
  label,
  value,
  onChange,
  maxLength,
  rows = 12,
  required,
  error,
  hint = MARKDOWN_HINT,
  onSignedOut,
  placeholders = false,
}: MarkdownFieldProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const { preview, previewing, togglePreview } = useMarkdownPreview({ value, placeholders, onSignedOut });

  function applyMarkers(markers: Markers) {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const next = toggleMarkers({ text: value, start: textarea.selectionStart, end: textarea.selectionEnd }, markers);
    flushSync(() => onChange(next.text));
    textarea.focus();
    textarea.setSelectionRange(next.start, next.end);
  }

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <MarkdownToolbar
          fieldId={id}
          previewing={previewing}
          onMarkers={applyMarkers}
          onTogglePreview={() => void togglePreview()}
        />
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          const markers = SHORTCUT_MARKERS[shortcutOf(event)];
          if (!markers) return;
          event.preventDefault();
          applyMarkers(markers);
        }}
        maxLength={maxLength}
        required={required}
        hidden={previewing}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`${INPUT_CLASS} font-mono leading-6`}
      />
      {previewing ? (
        <section
          aria-label="Preview"
          aria-busy={"state" in preview}
          className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-300 bg-white p-5 dark:border-slate-700 dark:bg-slate-950"
        >
          {"html" in preview ? (
            <ArticleBody html={preview.html} />
          ) : "error" in preview ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {preview.error}
            </p>
          ) : (
            <p className="text-sm text-slate-500">Preparing the preview…</p>
          )}
        </section>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
