import { Trash2, UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { ROLE_LABELS, ROLES } from "#app/auth/permissions.ts";
import { PanelCard, PanelEmpty } from "#app/components/admin/panel-card.tsx";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, opensDialog } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { RowActionLabel, RowActions } from "#app/components/ui/row-actions.tsx";
import { formatDate } from "#app/lib/dates.ts";
import type { UserView, UsersActionResult } from "#app/modules/users/users.schema.ts";

/** Shows the outcome of a users action as a toast, once per response. */
function useResultToast(fetcher: { state: string; data?: UsersActionResult }, onSuccess?: () => void) {
  const shown = useRef<UsersActionResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onSuccess?.();
    } else toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data, onSuccess]);
}

export function UsersPanel({ users, currentUserId }: { users: UserView[]; currentUserId: string }) {
  const [open, setOpen] = useState(false);
  // Owned here, not by the row: the row disappears on success and would take its toast with it.
  const deleteFetcher = useFetcher<UsersActionResult>();
  useResultToast(deleteFetcher);
  const deleting = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("userId") : null;
  return (
    <>
      <PanelCard
        title="Usuarios"
        titleAs="h1"
        description="Cuentas del equipo y sus roles."
        action={
          <Button onClick={() => setOpen(true)} {...opensDialog}>
            <UserPlus aria-hidden="true" /> Crear usuario
          </Button>
        }
      >
        {users.length === 0 ? (
          <PanelEmpty>No hay usuarios registrados.</PanelEmpty>
        ) : (
          // A table from md up, a card per account on a phone.
          <ResponsiveTable>
            <caption className="sr-only">Usuarios</caption>
            <ResponsiveTableHeader>
              <ResponsiveTableHeadRow>
                <ResponsiveTableHead>Nombre</ResponsiveTableHead>
                <ResponsiveTableHead>Email</ResponsiveTableHead>
                <ResponsiveTableHead>Creado</ResponsiveTableHead>
                <ResponsiveTableHead>Rol</ResponsiveTableHead>
                <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
              </ResponsiveTableHeadRow>
            </ResponsiveTableHeader>
            <ResponsiveTableBody>
              {users.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isSelf={user.id === currentUserId}
                  deleting={deleting === user.id}
                  onDelete={() => deleteFetcher.submit({ intent: "delete", userId: user.id }, { method: "post" })}
                />
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
      </PanelCard>
      <CreateUserDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function UserRow({
  user,
  isSelf,
  deleting,
  onDelete,
}: {
  user: UserView;
  isSelf: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  const roleFetcher = useFetcher<UsersActionResult>();
  useResultToast(roleFetcher);
  const isSuper = user.role === "super_admin";
  const pendingRole = roleFetcher.formData?.get("role");
  const role = typeof pendingRole === "string" ? pendingRole : user.role;
  return (
    <ResponsiveTableRow>
      <ResponsiveTableCell mobile="title" className="font-medium">
        {user.fullName || (
          <>
            <span className="font-normal text-muted-foreground md:hidden">Sin nombre</span>
            <span className="max-md:hidden">-</span>
          </>
        )}
      </ResponsiveTableCell>
      <ResponsiveTableCell label="Email" mobile="full" className="max-md:[overflow-wrap:anywhere]">
        {user.email}
      </ResponsiveTableCell>
      <ResponsiveTableCell label="Creado">{formatDate(user.createdAt)}</ResponsiveTableCell>
      <ResponsiveTableCell label="Rol" mobile="full">
        {isSuper ? (
          <Badge>{ROLE_LABELS.super_admin}</Badge>
        ) : (
          <NativeSelect
            aria-label={`Rol de ${user.email}`}
            className="h-9 w-48 max-md:h-11 max-md:w-full"
            value={role}
            onChange={(event) =>
              roleFetcher.submit({ intent: "update-role", userId: user.id, role: event.target.value }, { method: "post" })
            }
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        )}
      </ResponsiveTableCell>
      <ResponsiveTableCell mobile="actions" className="text-right">
        <RowActions>
          <ConfirmDialog
            title="¿Eliminar usuario?"
            description={`Se eliminará la cuenta ${user.email} y se cerrarán sus sesiones. Esta acción no se puede deshacer.`}
            onConfirm={onDelete}
            trigger={
              <Button
                variant="ghost"
                size="icon"
                disabled={isSuper || isSelf || deleting}
                aria-label={`Eliminar ${user.email}`}
                title={isSuper ? "Los super administradores no se pueden eliminar" : undefined}
              >
                <Trash2 aria-hidden="true" />
                <RowActionLabel>Eliminar</RowActionLabel>
              </Button>
            }
          />
        </RowActions>
      </ResponsiveTableCell>
    </ResponsiveTableRow>
  );
}

function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<UsersActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  useResultToast(fetcher, () => {
    formRef.current?.reset();
    onOpenChange(false);
  });
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Crear usuario</DialogTitle>
          <DialogDescription>La persona podrá iniciar sesión en /auth con este email y contraseña.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const email = String(form.get("email") ?? "").trim();
            const password = String(form.get("password") ?? "");
            const message = !email || !password ? "El email y la contraseña son obligatorios" : password.length < 6 ? "La contraseña debe tener al menos 6 caracteres" : null;
            setError(message);
            if (message) {
              event.preventDefault();
              toast.error(message);
            }
          }}
        >
          <input type="hidden" name="intent" value="create" />
          <div className="grid gap-2">
            <Label htmlFor="new-user-email">Email *</Label>
            <Input id="new-user-email" name="email" type="email" required maxLength={255} autoComplete="off" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="new-user-password">Contraseña * (mínimo 6 caracteres)</Label>
            <Input id="new-user-password" name="password" type="password" required maxLength={128} autoComplete="new-password" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="new-user-name">Nombre completo</Label>
            <Input id="new-user-name" name="fullName" maxLength={200} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="new-user-role">Rol</Label>
            <NativeSelect id="new-user-role" name="role" defaultValue="user">
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Creando..." : "Crear usuario"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
