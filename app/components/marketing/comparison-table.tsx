import { Check, Minus } from "lucide-react";
import { Link } from "react-router";
import type { ChecklistFeature, CostColumn } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

/** Feature checklist: a real table so each tick is announced with its row and column. */
export function ChecklistTable({ columns, features }: { columns: [string, string]; features: ChecklistFeature[] }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`Tabla comparativa: ${columns[0]} y ${columns[1]}`}
      className="mx-auto max-w-4xl overflow-x-auto rounded-lg border bg-card shadow-sm"
    >
      <table className="w-full min-w-[20rem] border-collapse text-sm">
        <caption className="sr-only">
          Funciones incluidas en {columns[0]} y en {columns[1]}
        </caption>
        <thead>
          <tr className="border-b bg-muted">
            <th scope="col" className="px-3 py-3 text-left font-semibold sm:px-4">
              Función
            </th>
            <th scope="col" className="w-22 px-2 py-3 text-center font-semibold text-primary sm:w-32 sm:px-4">
              {columns[0]}
            </th>
            <th scope="col" className="w-22 px-2 py-3 text-center font-semibold sm:w-32 sm:px-4">
              {columns[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {features.map((feature) => (
            <tr key={feature.label} className="border-b last:border-b-0">
              <th scope="row" className="px-3 py-3 text-left font-normal sm:px-4">
                {feature.href ? (
                  <Link
                    to={feature.href}
                    prefetch="intent"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {feature.label}
                  </Link>
                ) : (
                  feature.label
                )}
              </th>
              <td className="px-2 py-3 text-center sm:px-4">
                <Tick included />
              </td>
              <td className="px-2 py-3 text-center sm:px-4">
                <Tick included={feature.competitor} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Tick({ included }: { included: boolean }) {
  return included ? (
    <>
      <Check className="mx-auto size-5 text-success" aria-hidden="true" />
      <span className="sr-only">Incluido</span>
    </>
  ) : (
    <>
      <Minus className="mx-auto size-5 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">No incluido</span>
    </>
  );
}

// Formatted by hand: Intl output differs slightly between Node and browsers (spacing
// characters), which would break hydration of a prerendered page.
const eur = { format: (amount: number) => `${amount}\u00a0€` };

/** Monthly cost breakdown, one card per option, and the resulting saving. */
export function CostComparison({ columns, savingLabel, note }: { columns: CostColumn[]; savingLabel: string; note?: string }) {
  return (
    <div className="mx-auto max-w-4xl">
      <div className="grid gap-6 md:grid-cols-2">
        {columns.map((column) => (
          <div
            key={column.name}
            className={cn("rounded-lg border bg-card p-6 shadow-sm", column.highlight && "border-primary ring-2 ring-primary")}
          >
            <h3 className={cn("text-lg font-semibold", column.highlight && "text-primary")}>{column.name}</h3>
            <dl className="mt-4 divide-y text-sm">
              {column.lines.map((line) => (
                <div key={line.label} className="flex justify-between gap-4 py-2">
                  <dt className="text-muted-foreground">{line.label}</dt>
                  <dd className="font-medium tabular-nums">{eur.format(line.amountEur)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4 pt-3 text-base">
                <dt className="font-semibold">Total al mes</dt>
                <dd className="text-2xl font-extrabold tabular-nums">{eur.format(column.totalEur)}</dd>
              </div>
            </dl>
          </div>
        ))}
      </div>
      <p className="mt-6 rounded-lg bg-secondary p-4 text-center text-lg font-semibold text-secondary-foreground">
        {savingLabel}
      </p>
      {note ? <p className="mt-3 text-center text-sm text-muted-foreground">{note}</p> : null}
    </div>
  );
}
