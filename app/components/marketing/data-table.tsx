/** A plain data table with a caption, scrollable sideways on narrow phones. */
export function DataTable({
  caption,
  columns,
  rows,
  note,
}: {
  caption: string;
  columns: string[];
  rows: string[][];
  note?: string;
}) {
  return (
    <div className="mx-auto max-w-4xl">
      {/* Focusable and named so keyboard users can scroll it sideways on a narrow phone. */}
      <div tabIndex={0} role="region" aria-label={caption} className="overflow-x-auto rounded-lg border bg-card shadow-sm">
        <table className="w-full min-w-[32rem] border-collapse text-sm">
          <caption className="px-4 pt-4 text-left text-sm font-medium text-muted-foreground">{caption}</caption>
          <thead>
            <tr className="border-b">
              {columns.map((column) => (
                <th key={column} scope="col" className="px-4 py-3 text-left font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join("|")} className="border-b last:border-b-0">
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={`${index}-${cell}`} scope="row" className="px-4 py-3 text-left font-medium">
                      {cell}
                    </th>
                  ) : (
                    <td key={`${index}-${cell}`} className="px-4 py-3 text-muted-foreground">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note ? <p className="mt-4 text-sm text-muted-foreground">{note}</p> : null}
    </div>
  );
}
