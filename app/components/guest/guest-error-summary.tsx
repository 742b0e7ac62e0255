import type * as React from "react";
import { guestInputId } from "#app/components/guest/guest-form-data.ts";
import { guestMessages, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { GUEST_FIELD_INPUTS, type GuestFormField, type GuestIssue } from "#app/modules/guests/guests.schema.ts";

// The GOV.UK error-summary pattern: after a refused submit, one box at the top of the form with
// a heading and one link per problem ("Huésped 2: Número de documento * — La letra no
// corresponde al número."), focused so a screen reader reads it at once; each link takes the
// guest to the field, whose own message says the same beside it. Problems are codes (ADR 0014),
// worded here in the language the page is in now, so a language switch rewords them.

/** The input a problem belongs to (a phone-or-email problem to the phone, and so on). */
export function issueInputField(issue: Pick<GuestIssue, "field">): GuestFormField {
  return GUEST_FIELD_INPUTS[issue.field];
}

/** The element a summary link points at: the field's input, or the signature's group. */
export function issueTargetId(issue: Pick<GuestIssue, "position" | "field">): string {
  if (issue.field === "signature") return `guest-${issue.position}-signature`;
  return guestInputId(issue.position - 1, issueInputField(issue));
}

export function GuestErrorSummary({ issues, lang, ref }: { issues: readonly GuestIssue[]; lang: GuestLang; ref?: React.Ref<HTMLDivElement> }) {
  const t = guestMessages[lang];
  return (
    <div
      ref={ref}
      id="guest-error-summary"
      tabIndex={-1}
      aria-labelledby="guest-error-summary-title"
      className="rounded-xl border-2 border-destructive bg-card p-4 shadow-sm outline-none focus-visible:ring-4 focus-visible:ring-destructive/30 sm:p-5"
    >
      <h2 id="guest-error-summary-title" className="text-lg font-semibold text-destructive">
        {t.errorSummaryTitle(issues.length)}
      </h2>
      <ul className="mt-3 grid gap-2 text-sm">
        {issues.map((issue) => {
          const target = issueTargetId(issue);
          return (
            <li key={`${issue.position}-${issue.field}`}>
              <a
                href={`#${target}`}
                className="font-medium text-destructive underline underline-offset-4 [overflow-wrap:anywhere]"
                onClick={(event) => {
                  const element = document.getElementById(target);
                  if (!element) return;
                  // Focus the field itself (a fragment link only scrolls), with its label in view;
                  // for the signature, its chosen mode (or its first input).
                  event.preventDefault();
                  const focusable =
                    element.matches("input, select, textarea")
                      ? element
                      : (element.querySelector<HTMLElement>("input[type=radio]:checked") ?? element.querySelector<HTMLElement>("input:not([type=hidden])") ?? element);
                  element.scrollIntoView({ block: "center" });
                  focusable.focus({ preventScroll: true });
                }}
              >
                {t.errorSummaryLine(issue.position, issue.field, t.issueText(issue))}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
