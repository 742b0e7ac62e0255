import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useLeadActionToast, type AdminLead, type LeadActionResult } from "./lead-action.ts";

/** Deleting needs a confirmation (staff-side §5); only a super admin is offered it (§6). */
export function DeleteLeadDialog({ lead, onOpenChange }: { lead: AdminLead | null; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<LeadActionResult>();
  useLeadActionToast(fetcher, (result) => {
    if (result.ok) onOpenChange(false);
  });
  const deleting = fetcher.state !== "idle";
  return (
    <Dialog open={lead !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>¿Eliminar este lead?</DialogTitle>
          <DialogDescription>
            Se eliminará definitivamente el lead de <strong>{lead?.name}</strong> ({lead?.email}). Esta acción no se puede deshacer.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={lead?.id ?? ""} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancelar</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? "Eliminando..." : "Eliminar"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
