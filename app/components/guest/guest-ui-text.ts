import { getGuestMessages, isGuestLang, type GuestLang, type GuestUiText } from "#app/modules/guests/guest-i18n.ts";

// Interface words of the guest screens that are not messages of the registration itself:
// navigation, search boxes and hints for the no-JavaScript form. They live in the same ICU
// catalogues as every other guest text (app/modules/guests/messages/); this is their view.

export type { GuestUiText };

export const guestUiText: Readonly<Record<GuestLang, GuestUiText>> = new Proxy({} as Record<GuestLang, GuestUiText>, {
  get: (_target, key) => (isGuestLang(key) ? getGuestMessages(key).ui : undefined),
});
