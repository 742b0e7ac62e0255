import { Alert } from "#app/components/ui/alert.tsx";
import type { BrokerStatusView } from "#app/modules/door/door.schema.ts";

// What staff must know about the MQTT broker's device accounts (ADR 0025). With a broker the
// server cannot tell, a new secret or a deletion does not reach it: the device keeps publishing
// with the old secret until someone updates the broker, so the screen says so and how.

export function BrokerNotice({ broker }: { broker: BrokerStatusView }) {
  if (broker.mode === "none") return null;
  if (broker.mode === "manual") {
    return (
      <Alert variant="destructive" data-testid="broker-manual-notice">
        <p className="font-medium">El broker MQTT no se actualiza solo.</p>
        <p className="mt-1">
          Al registrar un dispositivo, generar un nuevo secreto o eliminarlo, actualiza también su cuenta en el broker: hasta entonces el
          dispositivo sigue conectándose con el secreto anterior (o sin cuenta). En Mosquitto con el plugin de seguridad dinámica:{" "}
          <code className="break-all">mosquitto_ctrl dynsec setClientPassword ID SECRETO</code> tras un nuevo secreto y{" "}
          <code className="break-all">mosquitto_ctrl dynsec deleteClient ID</code> tras eliminarlo. Para que NidoSmart lo haga por ti, arranca el
          servidor con <code>MQTT_DYNSEC=on</code> (docs/DEVICE-PROTOCOL.md).
        </p>
      </Alert>
    );
  }
  if (broker.pending.length === 0 && broker.missing.length === 0) return null;
  return (
    <div className="grid gap-3">
      {broker.pending.length > 0 ? (
        <Alert data-testid="broker-pending-notice">
          <p className="font-medium">{`Cambios pendientes en el broker MQTT (${broker.pending.length}).`}</p>
          <p className="mt-1">Se aplican en cuanto el broker responda; hasta entonces el broker aún no los conoce.</p>
          <ul className="mt-2 grid gap-1">
            {broker.pending.map((change) => (
              <li key={change.deviceId} className="[overflow-wrap:anywhere]">
                <span className="font-mono text-xs">{change.deviceId}</span>: {change.action === "delete" ? "eliminar su cuenta" : "crear o actualizar su cuenta"}
                {change.lastError ? <span className="text-muted-foreground"> (último error: {change.lastError})</span> : null}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {broker.missing.length > 0 ? (
        <Alert data-testid="broker-missing-notice">
          <p className="font-medium">{`Dispositivos sin cuenta en el broker MQTT (${broker.missing.length}).`}</p>
          <p className="mt-1 [overflow-wrap:anywhere]">
            {`Se registraron antes de que NidoSmart gestionara el broker: genera un nuevo secreto para crear su cuenta (${broker.missing.join(", ")}).`}
          </p>
        </Alert>
      ) : null}
    </div>
  );
}
