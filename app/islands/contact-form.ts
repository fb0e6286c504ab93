import { CONTACT_PROCESSING_ERROR, contactDraft, contactSuccessMessage } from "~/validation/contact-draft";
import { checkContactMessage, CONTACT_FIELDS } from "~/validation/contact-rules";
import type { ContactAddresses } from "~/utils/seo";

/**
 * The contact form (components/info/contact-form.tsx): its Send button works once this has run. On submit the
 * fields are checked with the contact rule; a valid message opens the reader's mail app with a pre-filled
 * draft to the address its subject goes to, is confirmed and the form cleared; otherwise the message says what
 * is wrong and the fields at fault are marked.
 */
export function enhanceContactForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-contact-form]")) enhance(form);
}

function enhance(form: HTMLFormElement): void {
  const alert = form.querySelector<HTMLElement>("[role=alert]");
  const status = form.querySelector<HTMLElement>("[role=status]");
  const errorId = form.dataset.errorId ?? "";
  if (!alert || !status) return;

  const feedback = (kind: "error" | "success" | null, text = "") => {
    alert.replaceChildren();
    status.replaceChildren();
    if (!kind) return;
    const template = form.querySelector<HTMLTemplateElement>(`template[data-feedback="${kind}"]`);
    const shown = template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
    if (!shown) return;
    const place = shown.querySelector("[data-text]");
    if (place) place.textContent = text;
    (kind === "error" ? alert : status).append(shown);
  };

  const markInvalid = (fields: readonly string[]) => {
    for (const name of CONTACT_FIELDS) {
      const field = form.elements.namedItem(name);
      if (!(field instanceof HTMLElement)) continue;
      if (fields.includes(name)) {
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", errorId);
      } else {
        field.removeAttribute("aria-invalid");
        field.removeAttribute("aria-describedby");
      }
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    try {
      const data = new FormData(form);
      const check = checkContactMessage({
        name: data.get("name"),
        email: data.get("email"),
        subject: data.get("subject"),
        message: data.get("message"),
      });
      if (!check.ok) {
        markInvalid(check.fields);
        feedback("error", check.message);
        return;
      }
      // The newsroom's addresses, from the settings in force when the page was made.
      const { address, href } = contactDraft(check.value, JSON.parse(form.dataset.addresses ?? "") as ContactAddresses);
      window.location.href = href;
      markInvalid([]);
      feedback("success", contactSuccessMessage(address));
      form.reset();
    } catch (error) {
      console.warn("The contact form could not open the mail client", error);
      markInvalid([]);
      feedback("error", CONTACT_PROCESSING_ERROR);
    }
  });
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]")) button.disabled = false;
}
