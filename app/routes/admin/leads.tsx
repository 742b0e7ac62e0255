import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { toast } from "sonner";
import { requirePermission } from "#app/auth/guards.server.ts";
import { canDeleteLeads } from "#app/auth/permissions.ts";
import { DeleteLeadDialog } from "#app/components/admin/leads/delete-lead-dialog.tsx";
import { LEAD_INTENTS, type AdminLead, type LeadActionResult, type LeadIntent } from "#app/components/admin/leads/lead-action.ts";
import { LeadDetailDialog } from "#app/components/admin/leads/lead-detail-dialog.tsx";
import { LeadFilterBar } from "#app/components/admin/leads/lead-filter-bar.tsx";
import { LeadSummaryCards } from "#app/components/admin/leads/lead-summary-cards.tsx";
import { LeadsPagination, LeadsTable } from "#app/components/admin/leads/leads-table.tsx";
import { ManualLeadDialog } from "#app/components/admin/leads/manual-lead-dialog.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { parseLeadListQuery } from "#app/modules/leads/leads-query.ts";
import {
  ADMIN_LEAD_MESSAGES,
  fieldText,
  isLeadPriority,
  isLeadStatus,
  normalizeNotes,
  validateManualLead,
} from "#app/modules/leads/leads.schema.ts";
import {
  createLead,
  deleteLead,
  getLeadSummary,
  listLeads,
  updateLeadNotes,
  updateLeadPriority,
  updateLeadStatus,
} from "#app/modules/leads/leads.server.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import type { Route } from "./+types/leads.ts";

// /admin: lead management (staff-side §2–§9). Search, filters, sort and page live in the URL and
// are answered by the database; the row actions post here through fetchers.

export function meta() {
  return [{ title: "Gestión de Leads | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "leads:manage");
  const query = parseLeadListQuery(new URL(request.url).searchParams);
  const canDelete = canDeleteLeads(user.role);
  try {
    const [page, summary] = await Promise.all([listLeads(context.db, query), getLeadSummary(context.db)]);
    return {
      leads: page.leads,
      total: page.total,
      pageCount: page.pageCount,
      query: { ...query, page: page.page },
      summary,
      canDelete,
      loadError: false,
    };
  } catch (error) {
    // Handled here rather than in an ErrorBoundary: the admin shell and tabs stay usable, and a
    // route boundary would also turn the guard's 401/403 for anonymous posts into redirects.
    context.logger.error({ err: error }, "leads could not be loaded");
    return {
      leads: [],
      total: 0,
      pageCount: 1,
      query,
      summary: { total: 0, pending: 0, contacted: 0, qualified: 0, highPriority: 0, topSources: [] },
      canDelete,
      loadError: true,
    };
  }
}

const result = (intent: LeadIntent | null, ok: boolean, message: string, status = 200) =>
  data<LeadActionResult>({ ok, intent, message }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "leads:manage");
  const form = await request.formData();
  const intentValue = fieldText(form.get("intent"));
  const intent = (LEAD_INTENTS as readonly string[]).includes(intentValue) ? (intentValue as LeadIntent) : null;
  const id = fieldText(form.get("id"));
  const { db, logger } = context;

  // Each intent answers with the spec's success toast, or its error toast (staff-side §8).
  const failure: Record<LeadIntent, string> = {
    "update-status": ADMIN_LEAD_MESSAGES.statusError,
    "update-priority": ADMIN_LEAD_MESSAGES.priorityError,
    "save-notes": ADMIN_LEAD_MESSAGES.leadUpdateError,
    "create-manual": ADMIN_LEAD_MESSAGES.manualError,
    delete: ADMIN_LEAD_MESSAGES.leadDeleteError,
  };
  if (!intent) return result(null, false, ADMIN_LEAD_MESSAGES.unexpected, 400);

  try {
    switch (intent) {
      case "update-status": {
        const status = form.get("status");
        if (!isLeadStatus(status)) return result(intent, false, failure[intent], 400);
        const lead = await updateLeadStatus(db, id, status);
        return lead
          ? result(intent, true, ADMIN_LEAD_MESSAGES.statusUpdated)
          : result(intent, false, ADMIN_LEAD_MESSAGES.notFound, 404);
      }
      case "update-priority": {
        const priority = form.get("priority");
        if (!isLeadPriority(priority)) return result(intent, false, failure[intent], 400);
        const lead = await updateLeadPriority(db, id, priority);
        return lead
          ? result(intent, true, ADMIN_LEAD_MESSAGES.priorityUpdated)
          : result(intent, false, ADMIN_LEAD_MESSAGES.notFound, 404);
      }
      case "save-notes": {
        const lead = await updateLeadNotes(db, id, normalizeNotes(form.get("notes")));
        return lead
          ? result(intent, true, ADMIN_LEAD_MESSAGES.leadUpdated)
          : result(intent, false, ADMIN_LEAD_MESSAGES.notFound, 404);
      }
      case "create-manual": {
        const checked = validateManualLead(Object.fromEntries(form));
        if (!checked.ok) return result(intent, false, checked.message, 400);
        // Counted per staff member, and only for valid leads: a typo does not use up the quota.
        const limit = await consumeRateLimit(db, RATE_LIMITS.manualLead, user.id);
        if (!limit.allowed) return result(intent, false, ADMIN_LEAD_MESSAGES.manualRateLimited, 429);
        const lead = await createLead(db, { ...checked.data, createdBy: user.id });
        logger.info({ leadId: lead.id, userId: user.id }, "manual lead created");
        return result(intent, true, ADMIN_LEAD_MESSAGES.manualCreated, 201);
      }
      case "delete": {
        // Returned, not thrown: the fetcher shows the toast and the page stays.
        if (!canDeleteLeads(user.role)) return result(intent, false, ADMIN_LEAD_MESSAGES.deleteForbidden, 403);
        const deleted = await deleteLead(db, id);
        if (deleted) logger.info({ leadId: id, userId: user.id }, "lead deleted");
        return deleted
          ? result(intent, true, ADMIN_LEAD_MESSAGES.leadDeleted)
          : result(intent, false, ADMIN_LEAD_MESSAGES.notFound, 404);
      }
    }
  } catch (error) {
    logger.error({ err: error, intent, leadId: id || undefined }, "lead action failed");
    return result(intent, false, failure[intent], 500);
  }
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { leads, total, pageCount, query, summary, canDelete, loadError } = loaderData;
  useEffect(() => {
    if (loadError) toast.error(ADMIN_LEAD_MESSAGES.loadError);
  }, [loadError]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminLead | null>(null);
  // Looked up in the fresh loader data, so the dialog shows each update after revalidation.
  const openLead = openId ? (leads.find((lead) => lead.id === openId) ?? null) : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Gestión de Leads</h1>
        <ManualLeadDialog />
      </div>

      <LeadSummaryCards summary={summary} />
      <LeadFilterBar query={query} total={total} />

      {loadError ? (
        <Alert variant="destructive">
          {ADMIN_LEAD_MESSAGES.loadError}.{" "}
          <Link to="." reloadDocument className="font-medium underline underline-offset-4">
            Reintentar
          </Link>
        </Alert>
      ) : summary.total === 0 ? (
        <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">{ADMIN_LEAD_MESSAGES.noLeads}</p>
      ) : total === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border bg-background p-10 text-center text-muted-foreground">
          <p>{ADMIN_LEAD_MESSAGES.noMatches}</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin">Quitar los filtros</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <LeadsTable
            leads={leads}
            query={query}
            canDelete={canDelete}
            onOpen={(lead) => setOpenId(lead.id)}
            onDelete={(lead) => setToDelete(lead)}
          />
          <LeadsPagination query={query} total={total} pageCount={pageCount} />
        </div>
      )}

      <LeadDetailDialog lead={openLead} onOpenChange={(open) => !open && setOpenId(null)} />
      {canDelete ? <DeleteLeadDialog lead={toDelete} onOpenChange={(open) => !open && setToDelete(null)} /> : null}
    </div>
  );
}
