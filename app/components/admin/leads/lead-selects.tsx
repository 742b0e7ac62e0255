import { useFetcher } from "react-router";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/utils.ts";
import {
  LEAD_PRIORITIES,
  LEAD_PRIORITY_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  normalizeLeadPriority,
  normalizeLeadStatus,
} from "#app/modules/leads/leads.schema.ts";
import { useLeadActionToast, type AdminLead, type LeadActionResult } from "./lead-action.ts";

// Status and priority change on selection (staff-side §2: "a status can also be changed from the
// list"). Each select has its own fetcher, so several rows can be updated at once, and shows the
// chosen value while the request runs (optimistic), falling back to the stored one on error.

type SelectProps = { lead: AdminLead; id?: string; className?: string; label?: string };

export function LeadStatusSelect({ lead, id, className, label }: SelectProps) {
  const fetcher = useFetcher<LeadActionResult>();
  useLeadActionToast(fetcher);
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : normalizeLeadStatus(lead.status);
  return (
    <NativeSelect
      id={id}
      aria-label={label ?? `Estado de ${lead.name}`}
      className={cn("h-9 min-w-36", className)}
      value={value}
      // Not disabled while saving: that would drop keyboard focus out of the table.
      aria-busy={fetcher.state !== "idle" || undefined}
      onChange={(event) =>
        fetcher.submit({ intent: "update-status", id: lead.id, status: event.currentTarget.value }, { method: "post" })
      }
    >
      {LEAD_STATUSES.map((status) => (
        <option key={status} value={status}>
          {LEAD_STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}

export function LeadPrioritySelect({ lead, id, className, label }: SelectProps) {
  const fetcher = useFetcher<LeadActionResult>();
  useLeadActionToast(fetcher);
  const pending = fetcher.formData?.get("priority");
  const value = typeof pending === "string" ? pending : normalizeLeadPriority(lead.priority);
  return (
    <NativeSelect
      id={id}
      aria-label={label ?? `Prioridad de ${lead.name}`}
      className={cn("h-9 min-w-32", className)}
      value={value}
      // Not disabled while saving: that would drop keyboard focus out of the table.
      aria-busy={fetcher.state !== "idle" || undefined}
      onChange={(event) =>
        fetcher.submit({ intent: "update-priority", id: lead.id, priority: event.currentTarget.value }, { method: "post" })
      }
    >
      {LEAD_PRIORITIES.map((priority) => (
        <option key={priority} value={priority}>
          {LEAD_PRIORITY_LABELS[priority]}
        </option>
      ))}
    </NativeSelect>
  );
}
