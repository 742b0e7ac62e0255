import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { LeadForm } from "./lead-form.tsx";

export type LeadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: string;
  title: string;
  description?: string;
  submitLabel?: string;
};

/** The one lead dialog: the contact modal and every demo-request dialog are this component. */
export function LeadDialog({ open, onOpenChange, source, title, description, submitLabel }: LeadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {/* Radix wants a description or an explicit opt-out; an empty one would be read aloud. */}
          <DialogDescription className={description ? undefined : "sr-only"}>
            {description ?? "Rellena el formulario y te contactaremos."}
          </DialogDescription>
        </DialogHeader>
        {/* Unmounted when closed, so reopening always starts from an empty form. */}
        {open ? <LeadForm source={source} submitLabel={submitLabel} onSuccess={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
