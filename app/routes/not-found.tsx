import { data, Link } from "react-router";

// Any unknown path: the spec's not-found page, with a real 404 status for crawlers.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Oops! Page not found | NidoSmart" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="text-muted-foreground">La página que buscas no existe o se ha movido.</p>
      <Link reloadDocument to="/" className="font-medium text-primary underline underline-offset-4">
        Volver al inicio
      </Link>
    </main>
  );
}
