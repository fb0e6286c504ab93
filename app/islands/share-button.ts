import { SHARE_LABELS, SHARE_STATUS_MS, type ShareState } from "~/utils/share";

/**
 * The article's share button (components/share-button.tsx): the system share sheet when the browser has one,
 * otherwise the link is copied. A reader who closes the share sheet has not met an error; the button simply
 * returns to idle. Any other state returns to idle after 3 seconds.
 */
export function enhanceShareButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-share-button]")) enhance(button);
}

function enhance(button: HTMLButtonElement): void {
  const label = button.querySelector("span");
  const { url = "", title = "", text = "" } = button.dataset;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function show(state: ShareState) {
    clearTimeout(timer);
    button.dataset.state = state;
    if (label) label.textContent = SHARE_LABELS[state];
    if (state !== "idle") timer = setTimeout(() => show("idle"), SHARE_STATUS_MS);
  }

  button.addEventListener("click", async () => {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ url, title, text });
        show("shared");
      } else {
        await navigator.clipboard.writeText(url);
        show("copied");
      }
    } catch (error) {
      show(error instanceof DOMException && error.name === "AbortError" ? "idle" : "error");
    }
  });
}
