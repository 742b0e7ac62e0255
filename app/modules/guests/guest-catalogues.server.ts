import de from "#app/modules/guests/messages/de.json";
import fr from "#app/modules/guests/messages/fr.json";
import it from "#app/modules/guests/messages/it.json";
import pt from "#app/modules/guests/messages/pt.json";
import {
  guestCatalogue,
  isGuestLang,
  negotiateGuestLang,
  registerGuestCatalogue,
  type GuestCatalogue,
  type GuestLang,
} from "#app/modules/guests/guest-i18n.ts";

// The server speaks every guest language from the start: the four catalogues that are not
// bundled with the page are registered here, once, when this module is first imported.
registerGuestCatalogue("fr", fr);
registerGuestCatalogue("de", de);
registerGuestCatalogue("it", it);
registerGuestCatalogue("pt", pt);

export const GUEST_LANG_PARAM = "lang";

/** The page's language: `?lang=` when the guest chose one, else their browser's Accept-Language. */
export function guestLangOf(request: Request): GuestLang {
  const chosen = new URL(request.url).searchParams.get(GUEST_LANG_PARAM);
  return isGuestLang(chosen) ? chosen : negotiateGuestLang(request.headers.get("accept-language"));
}

/**
 * What a guest page sends the browser so it can speak `lang`: nothing for Spanish and English
 * (bundled with the page), the catalogue itself for the others (a few kilobytes).
 */
export function catalogueForPage(lang: GuestLang): GuestCatalogue | null {
  return lang === "es" || lang === "en" ? null : guestCatalogue(lang);
}
