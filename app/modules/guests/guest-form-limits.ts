import { MAX_GUESTS } from "#app/modules/guests/guests.schema.ts";
import { SIGNATURE_MAX_DATA_URL_CHARS } from "#app/modules/guests/signature.ts";

// The largest body the guest registration form legitimately posts (ADR 0012): MAX_GUESTS guests,
// each with a drawn signature at its size cap, posted url-encoded (base64's "+", "/" and "="
// become three bytes each: about 6 % more on a real PNG, 10 % allowed), plus every text field at
// its limit in accented letters (six bytes per character once percent-encoded). Measured in
// guest-form-limits.test.ts: such a submission of ten guests is about 1.5 MB; the margin below
// covers the text fields twice over. The server refuses anything bigger while reading it.
export const GUEST_FORM_MAX_BODY_BYTES = MAX_GUESTS * Math.ceil(SIGNATURE_MAX_DATA_URL_CHARS * 1.1) + 256 * 1024;
