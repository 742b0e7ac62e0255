import { guestMessages, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import type { Guest, GuestErrorCode, GuestIssue } from "#app/modules/guests/guests.schema.ts";
import { normaliseSignatureOffThread } from "#app/modules/guests/guest-worker-pool.server.ts";
import { signaturePngDataUrl, type SignatureProblem } from "#app/modules/guests/signature-normalise.server.ts";
import { parseSignatureDataUrl } from "#app/modules/guests/signature.ts";

// Drawn signatures on their way in (ADR 0013): each is decoded within bounds and replaced by
// its normalised PNG, in the worker thread, before anything is stored. A signature that cannot
// be read refuses the whole registration with a message in the guest's language.

export type SignatureIntakeResult =
  | { ok: true; guests: Guest[] }
  | { ok: false; message: string; position: number; field: "signature"; issues: GuestIssue[] };

const MESSAGE_KEYS: Record<SignatureProblem, string> = {
  unreadable: "signature.unreadable",
  "too-large": "signature.tooLarge",
  empty: "signature.empty",
};

// The same problems as codes, so the form's error summary words them like any other (ADR 0014).
const ISSUE_CODES: Record<SignatureProblem, GuestErrorCode> = {
  unreadable: "signatureUnreadable",
  "too-large": "signatureTooLarge",
  empty: "signatureEmpty",
};

export async function normaliseGuestSignatures(guests: Guest[], lang: GuestLang): Promise<SignatureIntakeResult> {
  const result: Guest[] = [];
  // Every unreadable signature of the group is reported at once, not one per submit.
  const issues: GuestIssue[] = [];
  let first: { message: string; position: number } | null = null;
  for (const [index, guest] of guests.entries()) {
    if (guest.signature.kind !== "drawn") {
      result.push(guest);
      continue;
    }
    const bytes = parseSignatureDataUrl(guest.signature.image);
    const normalised = bytes ? await normaliseSignatureOffThread(bytes) : ({ ok: false, problem: "unreadable" } as const);
    if (!normalised.ok) {
      const position = index + 1;
      first ??= { message: guestMessages[lang].intl.formatMessage({ id: MESSAGE_KEYS[normalised.problem] }, { position }), position };
      issues.push({ position, field: "signature", code: ISSUE_CODES[normalised.problem] });
      continue;
    }
    result.push({ ...guest, signature: { ...guest.signature, image: signaturePngDataUrl(normalised.png) } });
  }
  if (first) return { ok: false, message: first.message, position: first.position, field: "signature", issues };
  return { ok: true, guests: result };
}
