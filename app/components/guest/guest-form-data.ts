import { GUEST_FORM_FIELDS, emptyGuestFormValues, type GuestFormField, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";

// How the guest form names its inputs, so the same <form> works posted by the browser without
// JavaScript and by React Router with it: one flat name per input, "guests[2].givenName".
// The action rebuilds { guests: [...] } from them and hands that to the shared validation.

/** The most indices read; anything past MAX_GUESTS is still collected so the count rule can refuse it. */
const MAX_PARSED_INDEX = 49;
const NAME = /^guests\[(\d{1,2})\]\.([A-Za-z]+)$/;
const FIELDS: ReadonlySet<string> = new Set(GUEST_FORM_FIELDS);

export function guestInputName(index: number, field: GuestFormField): string {
  return `guests[${index}].${field}`;
}

/** The id of a guest's input, used by labels and to focus the field a rule points at. */
export function guestInputId(index: number, field: GuestFormField): string {
  return `guest-${index + 1}-${field}`;
}

/**
 * Rebuilds the submission from form entries. Unknown names are ignored; a gap in the indices
 * becomes an empty guest (which the rules then report by its number), never a shifted one.
 */
export function parseGuestFormEntries(entries: Iterable<[string, FormDataEntryValue]>): { guests: GuestFormValues[] } {
  const guests: GuestFormValues[] = [];
  for (const [name, value] of entries) {
    const match = NAME.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const field = match[2];
    if (index > MAX_PARSED_INDEX || !FIELDS.has(field)) continue;
    while (guests.length <= index) guests.push(emptyGuestFormValues());
    guests[index][field as GuestFormField] = value;
  }
  return { guests };
}
