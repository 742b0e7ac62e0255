import { formatGuestDateIn, getGuestMessages, type GuestLang, type GuestMessageKey } from "#app/modules/guests/guest-i18n.ts";
import { DOOR_MESSAGES, expiredMessage, notYetValidMessage } from "./door.schema.ts";

// The door API answers in the guest's language (issue 18 item 12): the door page sends its
// language as Accept-Language, POST /api/door/command translates its answer with the guest
// catalogues ("door.error.*"). The Spanish texts of DOOR_MESSAGES stay the source of truth:
// they are what the command log stores for staff and what a caller without a language gets,
// and the Spanish catalogue must say exactly the same (guest-catalogues.test.ts checks it).

/** The server answers that have a translation: DOOR_MESSAGES keys, plus the two dated ones. */
export const DOOR_ERROR_CODES = [
  "invalidRequest",
  "missingDevice",
  "invalidDevice",
  "invalidCommand",
  "missingToken",
  "invalidToken",
  "wrongDevice",
  "reservationGone",
  "deviceGone",
  "rateLimited",
  "deviceTimeout",
  "deviceUnreachable",
  "deviceRefused",
  "internal",
] as const satisfies readonly (keyof typeof DOOR_MESSAGES)[];
type DoorErrorCode = (typeof DOOR_ERROR_CODES)[number];

const byText = new Map<string, DoorErrorCode>(DOOR_ERROR_CODES.map((code) => [DOOR_MESSAGES[code], code]));

// expiredMessage / notYetValidMessage around a dd/MM/yyyy day, read back into its parts.
const DAY = "(\\d{2})/(\\d{2})/(\\d{4})";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const dated = (make: (day: string) => string) => {
  const [before, after] = make("\u0000").split("\u0000");
  return new RegExp(`^${escape(before!)}${DAY}${escape(after!)}$`);
};
const EXPIRED = dated(expiredMessage);
const NOT_YET_VALID = dated(notYetValidMessage);

/**
 * A Spanish door answer in `lang`. Texts the server does not own (a device's own refusal
 * reason, relayed as it came) are returned unchanged.
 */
export function localizeDoorError(lang: GuestLang, error: string): string {
  if (lang === "es") return error;
  const t = (id: string, values?: Record<string, string>) => getGuestMessages(lang).intl.formatMessage({ id: id as GuestMessageKey }, values) as string;
  const code = byText.get(error);
  if (code) return t(`door.error.${code}`);
  for (const [pattern, id] of [
    [EXPIRED, "door.error.expired"],
    [NOT_YET_VALID, "door.error.notYetValid"],
  ] as const) {
    const match = pattern.exec(error);
    if (match) return t(id, { day: formatGuestDateIn(lang, `${match[3]}-${match[2]}-${match[1]}`) });
  }
  return error;
}
