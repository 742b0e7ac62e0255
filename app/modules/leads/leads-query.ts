import { z } from "zod";
import { PRIORITY_FILTERS, STATUS_FILTERS } from "./leads.schema.ts";
import { cleanLine } from "#app/lib/text.ts";

// The admin list's URL state. Apart from leads.schema.ts because it needs zod, and the public
// forms (on every marketing page) should not carry zod in their bundle for it.

export const LEAD_SORT_KEYS = ["submittedAt", "name", "email", "company", "status", "priority"] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];
export const LEAD_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_MAX = 200;

// Every field falls back to its default on a bad value: a hand-edited URL shows the list
// instead of an error page.
export const leadListQuerySchema = z.object({
  q: z.string().transform(cleanLine).pipe(z.string().max(SEARCH_MAX)).catch("").default(""),
  status: z.enum(STATUS_FILTERS).catch("all").default("all"),
  priority: z.enum(PRIORITY_FILTERS).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (LEAD_PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
  sort: z.enum(LEAD_SORT_KEYS).catch("submittedAt").default("submittedAt"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
});

export type LeadListQuery = z.infer<typeof leadListQuerySchema>;
export type LeadFilters = Pick<LeadListQuery, "q" | "status" | "priority">;

export const DEFAULT_LEAD_LIST_QUERY: LeadListQuery = leadListQuerySchema.parse({});

export function parseLeadListQuery(params: URLSearchParams): LeadListQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(leadListQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return leadListQuerySchema.parse(raw);
}

/** The URL form of a query, leaving out defaults so links stay short and shareable. */
export function leadListQueryToSearchParams(query: Partial<LeadListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(leadListQuerySchema.shape) as (keyof LeadListQuery)[]) {
    const value = query[key];
    if (value === undefined || value === DEFAULT_LEAD_LIST_QUERY[key]) continue;
    params.set(key, String(value));
  }
  return params;
}
