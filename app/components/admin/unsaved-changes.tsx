import { useEffect, useRef, type RefObject } from "react";
import { useBlocker, useNavigation, type Blocker } from "react-router";
import { QuestionDialog } from "~/components/ui/modal-dialog";

export const UNSAVED_CHANGES_TEXTS = {
  heading: "Discard your changes?",
  text: "What you changed here has not been saved. If you leave now, it will be lost.",
  stay: "Keep editing",
  leave: "Discard changes",
} as const;

/** What a form holds, field by field in order, leaving out the fields that only say how it is saved. */
function snapshotOf(form: HTMLFormElement, ignored: readonly string[]): string {
  return JSON.stringify([...new FormData(form)].filter(([name, value]) => !ignored.includes(name) && typeof value === "string"));
}

interface Watched {
  form: RefObject<HTMLFormElement | null>;
  /** What the form held when it first showed. */
  first: RefObject<string | null>;
  /** A save is under way: leaving for its answer is not leaving the changes behind. */
  submitted: RefObject<boolean>;
  ignored: readonly string[];
}

function hasChanged({ form, first, submitted, ignored }: Watched): boolean {
  return (
    !submitted.current && first.current !== null && form.current !== null && snapshotOf(form.current, ignored) !== first.current
  );
}

/**
 * Keeps a form's unsaved changes from being lost by leaving: a link, Escape, the browser's Back (blocked, for
 * DiscardChangesDialog to ask), or closing or reloading the tab (the browser's own question). A change is any
 * difference from what the form held when it first showed. Submitting the form leaves without asking; a save
 * the server refuses brings the form back, still changed. Without JavaScript nothing is asked. `ignoredFields`
 * must be the same array every render (a constant).
 */
export function useUnsavedChanges(
  form: RefObject<HTMLFormElement | null>,
  ignoredFields: readonly string[],
): { blocker: Blocker; submitting: () => void } {
  const first = useRef<string | null>(null);
  const submitted = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    if (form.current) first.current = snapshotOf(form.current, ignoredFields);
  }, [form, ignoredFields]);

  // Back to idle while still here: the save was refused (or never left), and the changes are still unsaved.
  useEffect(() => {
    if (navigation.state === "idle") submitted.current = false;
  }, [navigation.state]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (hasChanged({ form, first, submitted, ignored: ignoredFields })) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [form, ignoredFields]);

  // Coming back to the same address (signing in again over the editor) is not leaving it.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      nextLocation.pathname !== currentLocation.pathname && hasChanged({ form, first, submitted, ignored: ignoredFields }),
  );
  return {
    blocker,
    submitting: () => {
      submitted.current = true;
    },
  };
}

/** The question a blocked departure asks; Escape, like Keep editing, stays. */
export function DiscardChangesDialog({ blocker }: { blocker: Blocker }) {
  const stay = () => blocker.reset?.();
  return (
    <QuestionDialog
      id="discard"
      open={blocker.state === "blocked"}
      onClose={stay}
      heading={UNSAVED_CHANGES_TEXTS.heading}
      text={UNSAVED_CHANGES_TEXTS.text}
    >
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={stay}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {UNSAVED_CHANGES_TEXTS.stay}
        </button>
        <button
          type="button"
          onClick={() => blocker.proceed?.()}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          {UNSAVED_CHANGES_TEXTS.leave}
        </button>
      </div>
    </QuestionDialog>
  );
}
