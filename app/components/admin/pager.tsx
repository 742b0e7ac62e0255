import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/**
 * "Página N de M · …" with links to the previous and next pages, for the lists whose page lives
 * in the URL (Monitorización's devices and incidents). `href` builds a page's URL.
 */
export function Pager({ label, page, pageCount, summary, href }: { label: string; page: number; pageCount: number; summary: string; href: (page: number) => string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">{summary}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={href(page - 1)}>Anterior</Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={href(page + 1)}>Siguiente</Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
