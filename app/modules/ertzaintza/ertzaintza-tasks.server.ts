import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { ertzaintzaCredentials, policeTasks, properties, reservations } from "#app/db/schema.ts";

// The A19 service has no cancellation and no modification (REGIONAL-POLICE.md §3.6): a second
// PV with the same reference answers CTO01, and a new reference would file a second stay. So a
// cancellation or a correction of a PV the Ertzaintza already accepted is done by hand in its
// portal; this leaves staff a police_tasks row with the exact steps (as the Mossos file does,
// ADR 0019), in the transaction of the change.

export const ERTZAINTZA_PORTAL = "https://www.ertzaintza.euskadi.eus › Empresas › Registro Hostelero";

export type ErtzaintzaChange = "cancel" | "correct";

export type FiledPv = {
  id: string;
  reservationId: string | null;
  reservationLabel: string;
  landlordAccountId: string;
  /** respuesta/peticion of the accepted filing. */
  codigoComunicacion: string | null;
  settledAt: Date | null;
  /** The stored document (empty once retention purged it). */
  xml: string;
};

const between = (xml: string, element: string) => new RegExp(`<${element}>([^<]*)</${element}>`).exec(xml)?.[1] ?? null;

/** Leaves the task unless an open one of the same kind exists for the reservation. */
export async function recordErtzaintzaTask(tx: DbOrTx, filing: FiledPv, change: ErtzaintzaChange, now = new Date()): Promise<void> {
  const kind = change === "cancel" ? "ertzaintza-cancel" : "ertzaintza-correct";
  if (filing.reservationId) {
    const [open] = await tx
      .select({ id: policeTasks.id })
      .from(policeTasks)
      .where(and(eq(policeTasks.reservationId, filing.reservationId), eq(policeTasks.kind, kind), isNull(policeTasks.doneAt)))
      .limit(1);
    if (open) return;
  }
  const [stay] = filing.reservationId
    ? await tx
        .select({ reference: reservations.reference, propertyId: properties.id, establishmentCode: properties.establishmentCode })
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(eq(reservations.id, filing.reservationId))
    : [];
  const [credentials] = await tx.select({ lessorCode: ertzaintzaCredentials.lessorCode }).from(ertzaintzaCredentials).where(eq(ertzaintzaCredentials.landlordAccountId, filing.landlordAccountId));
  const reference = stay?.reference ?? between(filing.xml, "referencia") ?? "(ver la reserva)";
  const establishment = stay?.establishmentCode ?? between(filing.xml, "codigoEstablecimiento") ?? "";
  const sent = `enviado el ${(filing.settledAt ?? now).toISOString().slice(0, 10)}${filing.codigoComunicacion ? `, petición ${filing.codigoComunicacion}` : ""}`;
  const login = `1. Entra en el portal de la Ertzaintza (${ERTZAINTZA_PORTAL}) con el usuario del establecimiento ${establishment}${credentials ? ` (arrendador ${credentials.lessorCode})` : ""}.`;
  const steps =
    change === "cancel"
      ? [
          login,
          `2. En «Acuses de Recibo», busca el parte de viajeros del contrato ${reference} (${sent}).`,
          "3. Comunica su anulación desde el portal: el servicio web de la Ertzaintza no tiene operación de anulación. Si el portal no lo permite, comunícalo a la Ertzaintza (Departamento de Seguridad, Registro Hostelero) por el medio que indique el portal.",
          "4. Guarda el justificante y marca esta tarea como hecha.",
        ]
      : [
          login,
          `2. En «Acuses de Recibo», busca el parte de viajeros del contrato ${reference} (${sent}).`,
          "3. Corrige allí los datos de los viajeros y de la estancia tal como constan ahora en NidoSmart (Reservas › Huéspedes). No se reenvía automáticamente: el servicio web rechazaría un segundo parte con la misma referencia (CTO01).",
          "4. Si el portal no permite corregirlo, regístralos en «Registro individual de alojados» y anula el parte anterior. Guarda el justificante y marca esta tarea como hecha.",
        ];
  await tx.insert(policeTasks).values({
    kind,
    propertyId: stay?.propertyId ?? null,
    reservationId: filing.reservationId,
    label: filing.reservationLabel,
    steps: steps.join("\n"),
    createdAt: now,
  });
}

/** Whether a change of a landed PV (cancelled, or corrected while in flight) is a cancellation. */
export async function changeOfLanded(tx: DbOrTx, reservationId: string | null): Promise<ErtzaintzaChange> {
  if (!reservationId) return "cancel";
  const [row] = await tx.select({ cancelledAt: reservations.cancelledAt }).from(reservations).where(eq(reservations.id, reservationId));
  return !row || row.cancelledAt ? "cancel" : "correct";
}
