import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useMatches } from "react-router";
import type { LinksFunction } from "react-router";
import { AppToaster } from "#app/components/ui/toaster.tsx";
import { VisitTracker } from "#app/components/visit-tracker.tsx";
import { marketingIsland } from "virtual:islands";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

type LangHandle = { lang?: string };
// The languages a page can be in: Spanish everywhere, plus the guest flow's (ADR 0006). Kept as a
// literal here so that the root bundle does not import the guest catalogues.
const DOCUMENT_LANGS = new Set(["es", "en", "fr", "de", "it", "pt"]);
/** A route whose handle sets `islands` is served without React: see docs/decisions/0007. */
export type IslandsHandle = { islands?: boolean };
type LangData = { lang?: unknown } | null | undefined;

export function Layout({ children }: { children: React.ReactNode }) {
  // A route may declare its document language, statically (handle.lang) or per request through
  // its loader data (the guest flow's ?lang=en), so the server-rendered <html lang> is right.
  const matches = useMatches();
  const lang =
    [...matches]
      .reverse()
      .map((m) => {
        const fromData = (m.loaderData as LangData)?.lang;
        return typeof fromData === "string" ? fromData : (m.handle as LangHandle | undefined)?.lang;
      })
      .find((value): value is string => typeof value === "string" && DOCUMENT_LANGS.has(value)) ?? "es";
  const islands = matches.some((m) => (m.handle as IslandsHandle | undefined)?.islands === true);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
        {islands ? <IslandScripts /> : null}
      </head>
      <body className="min-h-screen">
        {children}
        {islands ? null : (
          <>
            <VisitTracker />
            <AppToaster />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The marketing pages' only script: no React, no router, no hydration. A module script is
 * deferred, so it runs after the document is parsed without blocking the first paint.
 */
function IslandScripts() {
  return (
    <>
      {marketingIsland.preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="module" src={marketingIsland.src} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Oops! Page not found" : "Algo ha salido mal";
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{`${title} | NidoSmart`}</title>
      <p className="text-5xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">
        {status === 404 ? "La página que buscas no existe." : "Inténtalo de nuevo en unos minutos."}
      </p>
      <a href="/" className="font-medium text-primary underline underline-offset-4">
        Volver al inicio
      </a>
    </main>
  );
}
