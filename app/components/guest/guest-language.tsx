import { Check, Globe } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import {
  GUEST_LANG_NAMES,
  GUEST_LANGS,
  getGuestMessages,
  hasGuestCatalogue,
  loadGuestCatalogue,
  registerGuestCatalogue,
  withColon,
  type GuestCatalogue,
  type GuestLang,
} from "#app/modules/guests/guest-i18n.ts";
import { cn } from "#app/lib/utils.ts";

/** Makes the catalogue a page was sent available before anything is formatted with it. */
export function useGuestCatalogue(lang: GuestLang, catalogue: GuestCatalogue | null | undefined): void {
  if (catalogue && !hasGuestCatalogue(lang)) registerGuestCatalogue(lang, catalogue);
}

/**
 * The header's language menu: a native disclosure (works without JavaScript, where each entry
 * is a plain link that reloads the page). With JavaScript the new catalogue is fetched first
 * and the URL changes without a reload, so nothing typed in the form is lost.
 */
export function GuestLanguageSwitcher({ lang, hrefFor }: { lang: GuestLang; hrefFor: (lang: GuestLang) => string }) {
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const t = getGuestMessages(lang);
  // A menu closes on Escape (focus back on its button) and when the guest taps elsewhere.
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) element.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !element.open) return;
      element.open = false;
      element.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      element.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  return (
    <details ref={details} className="relative">
      <summary
        className="flex h-11 cursor-pointer list-none items-center gap-1.5 rounded-full border bg-background px-3 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden"
        aria-label={`${withColon(lang, t.languageSwitcherLabel)} ${GUEST_LANG_NAMES[lang]}`}
      >
        <Globe className="size-4" aria-hidden="true" />
        <span aria-hidden="true">{lang.toUpperCase()}</span>
      </summary>
      <nav aria-label={t.languageSwitcherLabel} className="absolute right-0 z-20 mt-2 w-44 rounded-lg border bg-background p-1 shadow-lg">
        <ul>
          {GUEST_LANGS.map((option) => (
            <li key={option}>
              <a
                href={hrefFor(option)}
                hrefLang={option}
                lang={option}
                aria-current={option === lang ? "true" : undefined}
                className={cn(
                  "flex min-h-11 items-center justify-between rounded-md px-3 text-sm hover:bg-muted",
                  option === lang && "font-semibold",
                )}
                onClick={async (event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  details.current?.removeAttribute("open");
                  if (option === lang) return;
                  try {
                    await loadGuestCatalogue(option);
                  } catch {
                    // Offline or the chunk is gone after a deploy: the plain link still works.
                    window.location.assign(hrefFor(option));
                    return;
                  }
                  await navigate(hrefFor(option), { replace: true, preventScrollReset: true });
                }}
              >
                {GUEST_LANG_NAMES[option]}
                {option === lang ? <Check className="size-4" aria-hidden="true" /> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
