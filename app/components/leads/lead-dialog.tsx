import { X } from "lucide-react";
import { dialogBoxClass } from "#app/components/ui/dialog-box.ts";
import { cn } from "#app/lib/utils.ts";
import { LeadForm } from "./lead-form.tsx";

export const LEAD_DIALOG_ID = "lead-dialog";

/**
 * The page's one lead dialog: the contact modal and every demo-request dialog (public-side §2
 * "Every page has one demo-request dialog opened by any of its call-to-action buttons"). A native
 * modal <dialog>: the browser gives the focus trap, the inert page behind it, Escape to close
 * and focus back to the opener. The island fills title, description, submit label and source
 * from the trigger (LeadDialogTrigger) before calling showModal(). The close button is a
 * `method="dialog"` form, so closing needs no script at all.
 */
export function LeadDialog() {
  return (
    <dialog
      id={LEAD_DIALOG_ID}
      {...{ closedby: "any" }}
      aria-labelledby={`${LEAD_DIALOG_ID}-title`}
      aria-describedby={`${LEAD_DIALOG_ID}-description`}
      className={cn(
        dialogBoxClass,
        "m-0 max-w-2xl text-foreground backdrop:bg-black/60 not-open:hidden",
      )}
    >
      <div className="flex flex-col gap-1.5 text-left max-sm:pr-8">
        <h2 id={`${LEAD_DIALOG_ID}-title`} data-lead-title="" className="text-lg font-semibold leading-none max-sm:leading-tight">
          Contactar con Ventas
        </h2>
        <p id={`${LEAD_DIALOG_ID}-description`} data-lead-description="" className="text-sm text-muted-foreground">
          Cuéntanos qué necesitas y un especialista te contactará en menos de 24 horas laborables.
        </p>
      </div>
      <LeadForm source="navbar-contact" inDialog />
      <form method="dialog" className="contents">
        {/* 44 px to tap on a phone, as the staff dialogs' close button. */}
        <button
          type="submit"
          className="absolute right-1 top-1 flex size-11 items-center justify-center rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring sm:right-4 sm:top-4 sm:size-auto"
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Cerrar</span>
        </button>
      </form>
    </dialog>
  );
}
