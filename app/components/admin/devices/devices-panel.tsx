import { KeyRound, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { PanelCard, PanelEmpty } from "#app/components/admin/panel-card.tsx";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { opensDialog } from "#app/components/ui/dialog.tsx";
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
import type { BrokerStatusView, DeviceRowView, DeviceSecret, DevicesActionResult, PropertyOptionView } from "#app/modules/door/door.schema.ts";
import { BrokerNotice } from "./broker-notice.tsx";
import { CommandLog, type CommandView } from "./command-log.tsx";
import { useDeviceActionResult } from "./device-action.ts";
import { RegisterDeviceDialog } from "./register-device-dialog.tsx";
import { SecretDialog } from "./secret-dialog.tsx";

export function DevicesPanel({
  devices,
  properties,
  commands,
  broker = { mode: "none" },
}: {
  devices: DeviceRowView[];
  properties: PropertyOptionView[];
  commands: CommandView[];
  broker?: BrokerStatusView;
}) {
  const [registerOpen, setRegisterOpen] = useState(false);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  // Owned here, not by the rows: a deleted row unmounts, and the rotated secret is shown by
  // the panel's dialog.
  const deleteFetcher = useFetcher<DevicesActionResult>();
  const rotateFetcher = useFetcher<DevicesActionResult>();
  useDeviceActionResult(deleteFetcher);
  useDeviceActionResult(rotateFetcher, { onSecret: setSecret });
  const busyId = (fetcher: typeof deleteFetcher) => (fetcher.state !== "idle" ? fetcher.formData?.get("deviceId") : null);

  return (
    <div className="grid gap-6">
      <BrokerNotice broker={broker} />
      <PanelCard
        title="Dispositivos NS-01"
        description="Cada NS-01 envía sus lecturas a Monitorización y abre la puerta de su alojamiento: cada reserva de un alojamiento con dispositivo recibe un enlace de apertura válido durante su estancia."
        action={
          <Button onClick={() => setRegisterOpen(true)} {...opensDialog}>
            <Plus aria-hidden="true" /> Registrar dispositivo
          </Button>
        }
      >
        {devices.length === 0 ? (
          <PanelEmpty>No hay dispositivos registrados. Pulsa «Registrar dispositivo», asígnalo a su alojamiento y carga en el NS-01 el secreto que se muestra una vez.</PanelEmpty>
        ) : (
          <ResponsiveTable>
            <caption className="sr-only">Dispositivos NS-01</caption>
            <ResponsiveTableHeader>
              <ResponsiveTableHeadRow>
                <ResponsiveTableHead>Identificador</ResponsiveTableHead>
                <ResponsiveTableHead>Nombre</ResponsiveTableHead>
                <ResponsiveTableHead>Alojamiento</ResponsiveTableHead>
                <ResponsiveTableHead>Alta</ResponsiveTableHead>
                <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
              </ResponsiveTableHeadRow>
            </ResponsiveTableHeader>
            <ResponsiveTableBody>
              {devices.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  properties={properties}
                  deleting={busyId(deleteFetcher) === device.id}
                  rotating={busyId(rotateFetcher) === device.id}
                  onDelete={() => deleteFetcher.submit({ intent: "delete", deviceId: device.id }, { method: "post" })}
                  onRotate={() => rotateFetcher.submit({ intent: "rotate-secret", deviceId: device.id }, { method: "post" })}
                />
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
      </PanelCard>

      <CommandLog commands={commands} />

      <RegisterDeviceDialog open={registerOpen} onOpenChange={setRegisterOpen} properties={properties} onSecret={setSecret} />
      <SecretDialog secret={secret} manualBroker={broker.mode === "manual"} onClose={() => setSecret(null)} />
    </div>
  );
}

function DeviceRow({
  device,
  properties,
  deleting,
  rotating,
  onDelete,
  onRotate,
}: {
  device: DeviceRowView;
  properties: PropertyOptionView[];
  deleting: boolean;
  rotating: boolean;
  onDelete: () => void;
  onRotate: () => void;
}) {
  const assignFetcher = useFetcher<DevicesActionResult>();
  useDeviceActionResult(assignFetcher);
  const pendingProperty = assignFetcher.formData?.get("propertyId");
  const value = typeof pendingProperty === "string" ? pendingProperty : (device.propertyId ?? "");
  // A property deleted elsewhere still shows by name until the list reloads.
  const known = device.propertyId === null || properties.some((p) => p.id === device.propertyId);
  return (
    <ResponsiveTableRow>
      <ResponsiveTableCell label="Identificador" mobile="full" className="font-mono text-xs max-md:[overflow-wrap:anywhere]">
        {device.id}
      </ResponsiveTableCell>
      <ResponsiveTableCell mobile="title" className="font-medium">
        {device.name}
      </ResponsiveTableCell>
      <ResponsiveTableCell label="Alojamiento" mobile="full">
        <NativeSelect
          aria-label={`Alojamiento de ${device.name}`}
          className="h-9 min-w-48 max-md:h-11 max-md:min-w-0"
          value={value}
          onChange={(event) =>
            assignFetcher.submit({ intent: "assign", deviceId: device.id, propertyId: event.target.value }, { method: "post" })
          }
        >
          <option value="">Sin asignar</option>
          {!known && device.propertyId ? <option value={device.propertyId}>{device.propertyName ?? device.propertyId}</option> : null}
          {properties.map((property) => (
            <option key={property.id} value={property.id}>
              {property.name}
            </option>
          ))}
        </NativeSelect>
      </ResponsiveTableCell>
      <ResponsiveTableCell label="Alta">{formatDate(device.createdAt)}</ResponsiveTableCell>
      <ResponsiveTableCell mobile="actions" className="whitespace-nowrap text-right">
        {/* No gap from md up: the two icons sit as close as they always have. */}
        <RowActions className="md:gap-0">
          <ConfirmDialog
            title="¿Generar un nuevo secreto?"
            description={`El dispositivo ${device.id} dejará de aceptar el secreto actual hasta que cargues el nuevo.`}
            confirmLabel="Generar nuevo secreto"
            onConfirm={onRotate}
            trigger={
              <Button variant="ghost" size="icon" disabled={rotating} aria-label={`Generar nuevo secreto para ${device.id}`}>
                <KeyRound aria-hidden="true" />
                <RowActionLabel>Generar nuevo secreto</RowActionLabel>
              </Button>
            }
          />
          <ConfirmDialog
            title="¿Eliminar dispositivo?"
            description={`Se eliminará el dispositivo ${device.id} (${device.name}) y dejarán de funcionar sus enlaces de apertura. El registro de aperturas se conserva. Esta acción no se puede deshacer.`}
            onConfirm={onDelete}
            trigger={
              <Button variant="ghost" size="icon" disabled={deleting} aria-label={`Eliminar ${device.id}`}>
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
