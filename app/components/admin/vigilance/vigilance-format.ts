import { formatDateTime } from "#app/lib/dates.ts";
import { describeReason, type VigilanceState } from "#app/modules/vigilance/vigilance.schema.ts";

// How Vigilancia's screens word the armed state and the baseline's progress.

export function stateLine(state: VigilanceState): { label: string; since: string; why: string } {
  return {
    label: state.armed ? "Armada" : state.reason.kind === "visit" ? "En pausa (visita)" : "Desarmada",
    since: state.since ? formatDateTime(state.since) : "desde siempre",
    why: describeReason(state.reason, (iso) => formatDateTime(iso)),
  };
}

export function baselineLine(baseline: { vacantHours: number; readyAt: string | null } | null): string {
  if (!baseline) return "Sin calcular todavía";
  if (baseline.readyAt) return `Lista desde ${formatDateTime(baseline.readyAt)} (${baseline.vacantHours} h en vacío)`;
  return `Aprendiendo: ${Math.min(baseline.vacantHours, 72)} de 72 h en vacío`;
}
