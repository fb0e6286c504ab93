import { useEffect, useRef, type ReactNode } from "react";

interface ModalDialogProps {
  open: boolean;
  /** Escape, or the dialog's own Cancel: the owner decides what closing means. */
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  /**
   * Rendered open on the server too, for a dialog that is a page of its own (the article editor):
   * without JavaScript it shows in place, and after hydration it becomes modal.
   */
  openOnServer?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A real modal dialog (the native <dialog> with showModal): focus moves into it and is trapped there,
 * the page behind is inert, Escape closes it, and focus returns to where it was when it closes.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  openOnServer,
  className = "",
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(":modal")) {
      // A dialog rendered open on the server is open but not modal: reopen it as a modal.
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      open={openOnServer}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // React passes a dialog's cancel up its own tree: one opened from inside this one (through a portal) is not ours.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${className}`}
    >
      {children}
    </dialog>
  );
}

/**
 * A small modal dialog that asks or tells one thing: its heading names it and its sentence describes it, then its
 * controls (`children`). `id` prefixes the ids of the heading and the sentence.
 */
export function QuestionDialog({
  id,
  open,
  onClose,
  heading,
  text,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  heading: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={`${id}-title`} describedBy={`${id}-text`} className="max-w-md">
      <div className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {heading}
        </h2>
        <p id={`${id}-text`} className="text-slate-700 dark:text-slate-300">
          {text}
        </p>
        {children}
      </div>
    </ModalDialog>
  );
}
