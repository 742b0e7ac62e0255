import { and, count, eq, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { leads } from "#app/db/schema.ts";
import { leadCsvRow, leadsCsvHeader } from "./leads-csv.ts";
import { DEFAULT_LEAD_LIST_QUERY, type LeadFilters, type LeadListQuery } from "./leads-query.ts";
import {
  CLOSED_STATUSES,
  HIGH_PRIORITIES,
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  type LeadPriority,
  type LeadStatus,
  type NewManualLead,
  type NewPublicLead,
} from "./leads.schema.ts";

// Lead storage and queries. Inputs arrive already validated (leads.schema.ts); this module only
// talks to the database, so the endpoint, the admin page, the tests and the bench share it.

export type Lead = typeof leads.$inferSelect;

export type LeadSummary = {
  total: number;
  pending: number;
  contacted: number;
  qualified: number;
  highPriority: number;
  topSources: { source: string; count: number }[];
};

export type LeadPage = {
  leads: Lead[];
  /** Leads matching the filters, over every page. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id is simply "not found" instead of a PostgreSQL cast error. */
export const isLeadId = (id: unknown): id is string => typeof id === "string" && UUID_PATTERN.test(id);

// ---------------------------------------------------------------- writing

export type NewLead = NewPublicLead | (NewManualLead & { createdBy: string | null });

export async function createLead(db: Db, lead: NewLead): Promise<Lead> {
  const [row] = await db
    .insert(leads)
    .values({
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      city: lead.city,
      propertyType: lead.propertyType,
      propertyCount: lead.propertyCount,
      ownerType: lead.ownerType,
      message: lead.message,
      source: lead.source,
      reference: "reference" in lead ? lead.reference : null,
      ...("status" in lead
        ? {
            status: lead.status,
            priority: lead.priority,
            notes: lead.notes,
            createdBy: lead.createdBy,
            // A manual lead may start as contacted; it then carries the stamp like any other.
            contactedAt: lead.status === "contacted" ? sql`now()` : null,
          }
        : {}),
    })
    .returning();
  return row;
}

/** Setting contacted stamps contacted_at with the current time; any other status clears it. */
export async function updateLeadStatus(db: Db, id: string, status: LeadStatus): Promise<Lead | null> {
  if (!isLeadId(id)) return null;
  const [row] = await db
    .update(leads)
    .set({ status, contactedAt: status === "contacted" ? sql`now()` : null })
    .where(eq(leads.id, id))
    .returning();
  return row ?? null;
}

export async function updateLeadPriority(db: Db, id: string, priority: LeadPriority): Promise<Lead | null> {
  if (!isLeadId(id)) return null;
  const [row] = await db.update(leads).set({ priority }).where(eq(leads.id, id)).returning();
  return row ?? null;
}

export async function updateLeadNotes(db: Db, id: string, notes: string | null): Promise<Lead | null> {
  if (!isLeadId(id)) return null;
  const [row] = await db.update(leads).set({ notes }).where(eq(leads.id, id)).returning();
  return row ?? null;
}

/** The detail dialog's save: any of status, priority and notes in one statement. */
export async function updateLead(
  db: Db,
  id: string,
  changes: { status?: LeadStatus; priority?: LeadPriority; notes?: string | null },
): Promise<Lead | null> {
  if (!isLeadId(id)) return null;
  const set: { status?: LeadStatus; contactedAt?: SQL | null; priority?: LeadPriority; notes?: string | null } = {};
  if (changes.status !== undefined) {
    set.status = changes.status;
    set.contactedAt = changes.status === "contacted" ? sql`now()` : null;
  }
  if (changes.priority !== undefined) set.priority = changes.priority;
  if (changes.notes !== undefined) set.notes = changes.notes;
  if (Object.keys(set).length === 0) return getLead(db, id);
  const [row] = await db.update(leads).set(set).where(eq(leads.id, id)).returning();
  return row ?? null;
}

export async function deleteLead(db: Db, id: string): Promise<boolean> {
  if (!isLeadId(id)) return false;
  const rows = await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- reading

export async function getLead(db: Db, id: string): Promise<Lead | null> {
  if (!isLeadId(id)) return null;
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row ?? null;
}

/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// Unknown stored values read as pending / medium (staff-side §4), so the filters agree with what
// the table shows: "pending" is "none of the other statuses".
const NOT_PENDING = LEAD_STATUSES.filter((status) => status !== "pending");
const NOT_MEDIUM = LEAD_PRIORITIES.filter((priority) => priority !== "medium");

/** The free-text part of the filters: any of name, e-mail, company (case-insensitive) or phone. */
function leadSearchCondition(filters: Partial<LeadFilters>): SQL | undefined {
  const q = filters.q?.trim() ?? "";
  if (q === "") return undefined;
  // lower(col) LIKE lower(pattern) is the exact shape of the trigram indexes, so PostgreSQL
  // answers from them; lower() on both sides also keeps the case folding the database's own.
  const pattern = `%${escapeLike(q)}%`;
  return or(
    sql`lower(${leads.name}) like lower(${pattern})`,
    sql`lower(${leads.email}) like lower(${pattern})`,
    sql`lower(${leads.company}) like lower(${pattern})`,
    sql`${leads.phone} like ${pattern}`,
  )!;
}

/** The status and priority part of the filters. */
function leadStateCondition(filters: Partial<LeadFilters>): SQL | undefined {
  const conditions: SQL[] = [];
  const status = filters.status ?? "all";
  if (status === "closed") conditions.push(inArray(leads.status, [...CLOSED_STATUSES]));
  else if (status === "pending") conditions.push(notInArray(leads.status, NOT_PENDING));
  else if (status !== "all") conditions.push(eq(leads.status, status));

  const priority = filters.priority ?? "all";
  if (priority === "medium") conditions.push(notInArray(leads.priority, NOT_MEDIUM));
  else if (priority !== "all") conditions.push(eq(leads.priority, priority));

  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function leadFilterCondition(filters: Partial<LeadFilters>): SQL | undefined {
  const parts = [leadSearchCondition(filters), leadStateCondition(filters)].filter((part): part is SQL => part !== undefined);
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * How many leads match, for the list's pagination and the export button. A searched count is
 * written so the trigram indexes answer it: the planner took a broad term (5–25 % of leads) for
 * a sequential scan running four lower() LIKE tests on every row, or went in through the status
 * index and tested a third of the table; on PGlite that was most of the list's 57 ms p95 at
 * 100,000 leads. Here the search alone runs first (OFFSET 0 keeps the planner from merging the
 * subquery, which is aliased as the table so the status and priority conditions read the same),
 * with sequential scans priced out for this one statement, and status and priority are tested on
 * its rows only. Same rows, same count (ADR 0008). Below three characters a trigram index cannot
 * narrow anything, so such a search keeps the plain query.
 */
async function countLeads(db: Db, filters: Partial<LeadFilters>): Promise<number> {
  const search = leadSearchCondition(filters);
  if (!search || (filters.q?.trim().length ?? 0) < 3) {
    const [{ total }] = await db.select({ total: count() }).from(leads).where(leadFilterCondition(filters));
    return total;
  }
  const state = leadStateCondition(filters);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`
      select count(*)::int as total
      from (select ${leads.status}, ${leads.priority} from ${leads} where ${search} offset 0) as ${leads}
      ${state ? sql`where ${state}` : sql``}`);
    return Number((result as unknown as { rows: { total: number | string }[] }).rows[0]!.total);
  });
}

const rank = (column: typeof leads.status | typeof leads.priority, values: readonly string[], unknownAs: string) =>
  sql`case ${column} ${sql.join(
    values.map((value, index) => sql`when ${value} then ${index}`),
    sql` `,
  )} else ${values.indexOf(unknownAs)} end`;

function orderBy(sort: LeadListQuery["sort"], dir: LeadListQuery["dir"]): SQL[] {
  const direction = dir === "asc" ? sql`asc` : sql`desc`;
  // The newest-first order matches contact_submissions_submitted_at_idx exactly
  // (submitted_at DESC NULLS LAST, id), so the default page is an index range scan.
  const newestFirst = [sql`${leads.submittedAt} desc nulls last`, sql`${leads.id} asc`];
  switch (sort) {
    case "submittedAt":
      return dir === "asc" ? [sql`${leads.submittedAt} asc nulls first`, sql`${leads.id} desc`] : newestFirst;
    case "name":
      return [sql`lower(${leads.name}) ${direction}`, ...newestFirst];
    case "email":
      return [sql`lower(${leads.email}) ${direction}`, ...newestFirst];
    case "company":
      return [sql`lower(${leads.company}) ${direction} nulls last`, ...newestFirst];
    case "status":
      // Workflow order (pending → lost), not alphabetical.
      return [sql`${rank(leads.status, LEAD_STATUSES, "pending")} ${direction}`, ...newestFirst];
    case "priority":
      return [sql`${rank(leads.priority, LEAD_PRIORITIES, "medium")} ${direction}`, ...newestFirst];
  }
}

/** One page of leads, filtered, searched and sorted by the database; plus the match count. */
export async function listLeads(db: Db, query: Partial<LeadListQuery> = {}): Promise<LeadPage> {
  const q = { ...DEFAULT_LEAD_LIST_QUERY, ...query };
  const where = leadFilterCondition(q);
  const total = await countLeads(db, q);
  const pageCount = Math.max(1, Math.ceil(total / q.pageSize));
  // A page past the end (a lead was deleted, a bookmarked URL) shows the last page instead.
  const page = Math.min(q.page, pageCount);
  const rows = await db
    .select()
    .from(leads)
    .where(where)
    .orderBy(...orderBy(q.sort, q.dir))
    .limit(q.pageSize)
    .offset((page - 1) * q.pageSize);
  return { leads: rows, total, page, pageSize: q.pageSize, pageCount };
}

/** The five summary cards (and the top three sources), over ALL leads, in one scan. */
export async function getLeadSummary(db: Db): Promise<LeadSummary> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${notInArray(leads.status, NOT_PENDING)}))::int`,
      contacted: sql<number>`(count(*) filter (where ${eq(leads.status, "contacted")}))::int`,
      qualified: sql<number>`(count(*) filter (where ${eq(leads.status, "qualified")}))::int`,
      highPriority: sql<number>`(count(*) filter (where ${inArray(leads.priority, [...HIGH_PRIORITIES])}))::int`,
    })
    .from(leads);
  const topSources = await db
    .select({ source: leads.source, count: sql<number>`count(*)::int` })
    .from(leads)
    .groupBy(leads.source)
    .orderBy(sql`count(*) desc`, leads.source)
    .limit(3);
  return { ...counts, topSources };
}

// ---------------------------------------------------------------- export

export const EXPORT_BATCH_SIZE = 1000;

/**
 * Every lead matching the filters, newest first, in batches. Keyset pagination on
 * (submitted_at, id) walks the index and never holds more than one batch, so an export of
 * 100,000 leads costs the memory of 1,000. The cursor is the timestamp's own text form, which
 * keeps PostgreSQL's microseconds (a JS Date would round them off and skip rows).
 */
export async function* iterateLeadBatches(
  db: Db,
  filters: Partial<LeadFilters>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Lead[]> {
  const where = leadFilterCondition(filters);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    // The redundant `<=` gives the planner a range bound on the index; the OR alone would make
    // every batch rescan the index from the top.
    const after: SQL | undefined = cursor
      ? sql`${leads.submittedAt} <= ${cursor.at}::timestamptz and (${leads.submittedAt} < ${cursor.at}::timestamptz or ${leads.id} > ${cursor.id}::uuid)`
      : undefined;
    const rows: { lead: Lead; at: string }[] = await db
      .select({ lead: leads, at: sql<string>`${leads.submittedAt}::text` })
      .from(leads)
      .where(and(where, after))
      .orderBy(sql`${leads.submittedAt} desc nulls last`, sql`${leads.id} asc`)
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => row.lead);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.at, id: last.lead.id };
  }
}

/**
 * The CSV export as a byte stream: BOM and header first, then one chunk per batch, produced
 * only when the client reads (pull), so a slow download never piles rows up in memory.
 */
export function streamLeadsCsv(
  db: Db,
  filters: Partial<LeadFilters>,
  options: { batchSize?: number; onError?: (error: unknown) => void } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = iterateLeadBatches(db, filters, options.batchSize);
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(leadsCsvHeader()));
          return;
        }
        try {
          const next = await batches.next();
          if (next.done) {
            controller.close();
            return;
          }
          let chunk = "";
          for (const lead of next.value) chunk += leadCsvRow(lead);
          controller.enqueue(encoder.encode(chunk));
        } catch (error) {
          options.onError?.(error);
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
