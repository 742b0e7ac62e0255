import type { ApiEndpoint, IntegrationCategory, IntegrationStatus } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

const statusStyles: Record<IntegrationStatus, string> = {
  Nativo: "bg-green-100 text-green-900",
  API: "bg-secondary text-secondary-foreground",
  Webhook: "bg-sky-100 text-sky-900",
  iCal: "bg-violet-100 text-violet-900",
  "XML + Webhook": "bg-indigo-100 text-indigo-900",
  "En desarrollo": "bg-amber-100 text-amber-900",
};

export function StatusLabel({ status }: { status: IntegrationStatus }) {
  return (
    <span className={cn("inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold", statusStyles[status])}>
      {status}
    </span>
  );
}

export function IntegrationsCatalogue({ categories }: { categories: IntegrationCategory[] }) {
  return (
    <div className="grid gap-10">
      {categories.map((category) => (
        <div key={category.name}>
          <h3 className="text-xl font-semibold">{category.name}</h3>
          <p className="mt-1 text-muted-foreground">{category.description}</p>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {category.items.map((item) => (
              <li key={item.name} className="rounded-lg border bg-card p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="font-semibold">{item.name}</p>
                  <StatusLabel status={item.status} />
                </div>
                <p className="mt-2 text-sm text-muted-foreground">{item.description}</p>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

const methodStyles: Record<ApiEndpoint["method"], string> = {
  GET: "bg-green-100 text-green-900",
  POST: "bg-sky-100 text-sky-900",
  PUT: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

export function ApiSummary({ baseUrl, endpoints, note }: { baseUrl: string; endpoints: ApiEndpoint[]; note: string }) {
  return (
    <div className="mx-auto max-w-4xl">
      <p className="mb-4 text-sm text-muted-foreground">
        URL base: <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">{baseUrl}</code>
      </p>
      <ul className="divide-y rounded-lg border bg-card shadow-sm">
        {endpoints.map((endpoint) => (
          <li
            key={`${endpoint.method} ${endpoint.path}`}
            className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4"
          >
            <span
              className={cn(
                "w-16 shrink-0 rounded px-2 py-0.5 text-center font-mono text-xs font-bold",
                methodStyles[endpoint.method],
              )}
            >
              {endpoint.method}
            </span>
            <code className="shrink-0 font-mono text-sm font-semibold break-all">{endpoint.path}</code>
            <span className="text-sm text-muted-foreground sm:ml-auto sm:text-right">{endpoint.text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted-foreground">{note}</p>
    </div>
  );
}
