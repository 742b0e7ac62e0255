import { Badge } from "#app/components/ui/badge.tsx";
import {
  LEAD_PRIORITY_LABELS,
  LEAD_STATUS_LABELS,
  normalizeLeadPriority,
  normalizeLeadStatus,
  type LeadPriority,
  type LeadStatus,
} from "#app/modules/leads/leads.schema.ts";

const PRIORITY_VARIANTS = {
  low: "outline",
  medium: "secondary",
  high: "warning",
  urgent: "destructive",
} as const satisfies Record<LeadPriority, string>;

const STATUS_VARIANTS = {
  pending: "warning",
  contacted: "secondary",
  qualified: "default",
  converted: "success",
  lost: "outline",
} as const satisfies Record<LeadStatus, string>;

export function LeadPriorityBadge({ priority }: { priority: string }) {
  const value = normalizeLeadPriority(priority);
  return <Badge variant={PRIORITY_VARIANTS[value]}>{LEAD_PRIORITY_LABELS[value]}</Badge>;
}

export function LeadStatusBadge({ status }: { status: string }) {
  const value = normalizeLeadStatus(status);
  return <Badge variant={STATUS_VARIANTS[value]}>{LEAD_STATUS_LABELS[value]}</Badge>;
}
