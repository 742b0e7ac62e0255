import {
  LEAD_MESSAGES,
  normalizeReference,
  validateContactPageLead,
  validateModalLead,
  type LeadField,
  type LeadValidation,
} from "#app/modules/leads/leads.schema.ts";
import { showToast } from "./toast.ts";

// The lead forms with a script (public-side §4, §5, §8): the contact modal and every demo dialog
// (one <dialog>, filled from its trigger), the form embedded in a page and the /contacto form.
// The markup is app/components/leads/*; without this file the forms post as plain HTML and the
// server answers with its confirmation page. The server is the authority; these checks only
// spare a round trip and give the spec's messages, in the spec's order, at once.

export const LEAD_ENDPOINT = "/api/leads";
const SENDING_LABEL = "Enviando...";

// The courtesy counter of public-side §5 rule 1. The server's database counter is the authority
// (DECISIONS.md); this one only spares a request the server would refuse anyway.
const COURTESY_KEY = "nidosmart:contact-submissions";
const COURTESY_LIMIT = 3;
const COURTESY_WINDOW_MS = 5 * 60_000;

function readCourtesyLog(now: number): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(COURTESY_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((t): t is number => typeof t === "number" && now - t < COURTESY_WINDOW_MS) : [];
  } catch {
    // Storage disabled (private mode, strict settings): the server still counts.
    return [];
  }
}

function courtesyLimitReached(now = Date.now()): boolean {
  return readCourtesyLog(now).length >= COURTESY_LIMIT;
}

function recordCourtesySubmission(now = Date.now()): void {
  try {
    window.localStorage.setItem(COURTESY_KEY, JSON.stringify([...readCourtesyLog(now), now]));
  } catch {
    // See readCourtesyLog.
  }
}

type LeadSubmitResult = { ok: boolean; message: string };

/** Posts one submission as JSON; every failure becomes one of the spec's Spanish messages. */
async function postLead(body: Record<string, string>): Promise<LeadSubmitResult> {
  let response: Response;
  try {
    response = await fetch(LEAD_ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: LEAD_MESSAGES.unexpected };
  }
  try {
    const payload = (await response.json()) as Partial<LeadSubmitResult>;
    if (typeof payload.message === "string") return { ok: response.ok && payload.ok === true, message: payload.message };
  } catch {
    // A proxy's HTML error page, say: fall through to the generic store error.
  }
  return { ok: false, message: response.ok ? LEAD_MESSAGES.unexpected : LEAD_MESSAGES.storeError };
}

/** Reads every named field of a form as text (files never appear in these forms). */
function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") fields[key] = value;
  }
  return fields;
}

// The modal's submit button is disabled while one of these is empty (public-side §4).
const MODAL_REQUIRED = ["name", "email", "phone", "owner_type"] as const;

type EnhancedForm = { reset(): void; setSubmitLabel(label: string): void };
const enhanced = new WeakMap<HTMLFormElement, EnhancedForm>();

function enhanceForm(form: HTMLFormElement): void {
  const kind = form.dataset.leadForm === "contacto" ? "contacto" : "modal";
  const validate: (fields: Record<string, string>) => LeadValidation<unknown> = kind === "contacto" ? validateContactPageLead : validateModalLead;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const message = form.querySelector<HTMLElement>("[data-form-error]")!;
  const success = form.querySelector<HTMLElement>("[data-form-success]");
  const errorId = form.dataset.errorId ?? "";
  let label = submit.textContent ?? "";
  let sending = false;

  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;

  const updateButton = () => {
    const missing = kind === "modal" && MODAL_REQUIRED.some((name) => (field(name)?.value ?? "").trim() === "");
    const disabled = sending || missing;
    // The contact page's button is disabled only while sending, as before.
    submit.disabled = kind === "modal" ? disabled : sending;
    submit.textContent = sending ? SENDING_LABEL : label;
  };

  const clearError = () => {
    message.textContent = "";
    form.removeAttribute("aria-describedby");
    for (const element of form.querySelectorAll("[aria-invalid]")) {
      element.removeAttribute("aria-invalid");
      element.removeAttribute("aria-describedby");
    }
  };

  const showError = (text: string, name: LeadField | null) => {
    clearError();
    if (success) success.hidden = true;
    message.textContent = text;
    form.setAttribute("aria-describedby", errorId);
    showToast(text, "error");
    const target = name ? field(name) : null;
    if (target) {
      target.setAttribute("aria-invalid", "true");
      target.setAttribute("aria-describedby", errorId);
      target.focus();
    }
  };

  if (kind === "contacto") {
    // A success case's "contact us" link (/contacto?ref=caso-{slug}) names the case.
    const reference = normalizeReference(new URLSearchParams(window.location.search).get("ref"));
    if (reference) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "reference";
      input.value = reference;
      form.prepend(input);
    }
  }

  form.addEventListener("input", updateButton);
  form.addEventListener("change", updateButton);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    const fields = formFields(form);
    if (courtesyLimitReached()) return showError(LEAD_MESSAGES.rateLimited, null);
    const checked = validate(fields);
    if (!checked.ok) return showError(checked.message, checked.field);

    clearError();
    sending = true;
    updateButton();
    recordCourtesySubmission();
    const result = await postLead(fields);
    sending = false;
    updateButton();
    if (!result.ok) return showError(result.message, null);

    form.reset();
    updateButton();
    const dialog = form.closest("dialog");
    if (form.dataset.inDialog !== undefined && dialog) dialog.close();
    if (success) success.hidden = false;
    showToast(result.message, "success");
  });

  enhanced.set(form, {
    reset() {
      form.reset();
      clearError();
      updateButton();
    },
    setSubmitLabel(next) {
      label = next;
      updateButton();
    },
  });
  updateButton();
}

/** Fills the page's lead dialog from a trigger's data and opens it. */
function openLeadDialog(dialog: HTMLDialogElement, trigger: HTMLElement): void {
  const form = dialog.querySelector<HTMLFormElement>("form[data-lead-form]")!;
  const { source = "", title = "", description, submit } = trigger.dataset;
  dialog.querySelector("[data-lead-title]")!.textContent = title;
  const descriptionElement = dialog.querySelector<HTMLElement>("[data-lead-description]")!;
  // Without a description the dialog keeps a spoken one, as before.
  descriptionElement.textContent = description || "Rellena el formulario y te contactaremos.";
  descriptionElement.classList.toggle("sr-only", !description);
  (form.elements.namedItem("source") as HTMLInputElement).value = source;
  const state = enhanced.get(form);
  state?.reset();
  state?.setSubmitLabel(submit || "Enviar solicitud");
  dialog.showModal();
  // Focus goes back to the opener when the dialog closes, however it closes.
  dialog.addEventListener("close", () => trigger.isConnected && trigger.focus(), { once: true });
}

export function initLeadForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-lead-form]")) enhanceForm(form);

  const dialog = document.getElementById("lead-dialog");
  if (!(dialog instanceof HTMLDialogElement)) return;
  for (const trigger of document.querySelectorAll<HTMLAnchorElement>("a[data-lead-dialog]")) {
    // It is a link to /contacto in the HTML; with the dialog at hand it is a button.
    trigger.setAttribute("role", "button");
    trigger.setAttribute("aria-haspopup", "dialog");
    trigger.addEventListener("click", (event) => {
      event.preventDefault();
      openLeadDialog(dialog, trigger);
    });
    trigger.addEventListener("keydown", (event) => {
      if (event.key !== " ") return;
      event.preventDefault();
      openLeadDialog(dialog, trigger);
    });
  }
}
