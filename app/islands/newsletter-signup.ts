import {
  checkNewsletterEmail,
  isNewsletterOutcome,
  isNewsletterSuccess,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SUCCESS_MS,
  type NewsletterOutcome,
} from "~/validation/newsletter-rules";

/**
 * The newsletter sign-up block (components/newsletter-signup.tsx) posts in place: the field is checked in the
 * browser with the action's own rule, a valid address is posted to /newsletter without `returnTo` (so the
 * action answers `{ outcome }` instead of redirecting), and the thanks shows for 3 seconds while the field is
 * cleared. A message that came in the URL after a post without JavaScript goes the same way.
 */
export function enhanceNewsletterSignups(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-newsletter-signup]")) enhance(form);
}

function enhance(form: HTMLFormElement): void {
  const block = form.closest("section");
  const input = form.querySelector<HTMLInputElement>("input[name=email]");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const message = input ? block?.querySelector<HTMLElement>(`[id="${input.getAttribute("aria-describedby")}"]`) : null;
  if (!block || !input || !button || !message) return;
  const idleLabel = button.textContent ?? "";
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const show = (outcome: NewsletterOutcome | null) => {
    clearTimeout(hideTimer);
    const success = isNewsletterSuccess(outcome);
    message.replaceChildren();
    input.removeAttribute("aria-invalid");
    if (outcome === null) return;
    const template = block.querySelector<HTMLTemplateElement>(`template[data-message="${success ? "success" : "error"}"]`);
    const text =
      (template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined) ?? document.createElement("span");
    text.textContent = NEWSLETTER_MESSAGES[outcome];
    message.append(text);
    if (success) hideTimer = setTimeout(() => show(null), NEWSLETTER_SUCCESS_MS);
    else input.setAttribute("aria-invalid", "true");
  };

  const busy = (on: boolean) => {
    button.disabled = on;
    button.textContent = on ? (button.dataset.busyLabel ?? idleLabel) : idleLabel;
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const check = checkNewsletterEmail(input.value);
    if (!check.ok) {
      show(check.outcome);
      input.focus();
      return;
    }
    show(null);
    const body = new URLSearchParams({ email: check.email });
    busy(true);
    let outcome: NewsletterOutcome = "failed";
    try {
      const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json()) as { outcome?: string };
      if (isNewsletterOutcome(answer.outcome ?? null)) outcome = answer.outcome as NewsletterOutcome;
    } catch {
      // The network failed or the answer was not ours: the spec's failure message.
    }
    busy(false);
    if (isNewsletterSuccess(outcome)) input.value = "";
    show(outcome);
  });

  const fromUrl = message.dataset.outcome ?? null;
  if (isNewsletterOutcome(fromUrl) && isNewsletterSuccess(fromUrl))
    hideTimer = setTimeout(() => show(null), NEWSLETTER_SUCCESS_MS);
}
