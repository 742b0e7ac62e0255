import { LockKeyhole, Mail, MapPin, Phone } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { LogoMark } from "#app/components/site/logo.tsx";
import { brand } from "#app/config/brand.ts";
import { footerColumns, legalLinks } from "#app/content/navigation.ts";

// Content revision year of the site; a fixed value keeps the prerendered HTML and the
// hydrated page identical (a `new Date()` here could differ between build and visit).
const COPYRIGHT_YEAR = 2025;

export function SiteFooter() {
  return (
    <footer className="border-t bg-foreground text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_3fr]">
          <div>
            <p className="inline-flex items-center gap-2 text-lg font-extrabold">
              <LogoMark />
              {brand.name}
            </p>
            <p className="mt-3 max-w-xs text-sm text-slate-300">
              Dispositivo inteligente y plataforma para apartamentos turísticos, hoteles, colivings y promociones. Fabricado al
              100 % en España.
            </p>
            <address className="mt-5 grid gap-2 text-sm not-italic text-slate-300">
              <span className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {brand.address.street}, {brand.address.postalCode} {brand.address.city}
              </span>
              <a href={`mailto:${brand.email}`} className="flex items-center gap-2 hover:text-white hover:underline">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                {brand.email}
              </a>
              <a href={brand.phoneHref} className="flex items-center gap-2 hover:text-white hover:underline">
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                {brand.phone}
              </a>
            </address>
          </div>
          <nav aria-label="Pie de página" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {footerColumns.map((column) => (
              <FooterColumn key={column.title} title={column.title} links={column.links} />
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/15 pt-6 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
          <p>
            © {COPYRIGHT_YEAR} {brand.legalName} · Todos los derechos reservados
          </p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            {/* Spec §2: a small, discreet way into the staff area. Visually quiet but a real,
                named link so keyboard and screen-reader users can reach it too. */}
            <Link
              to="/auth"
              rel="nofollow"
              aria-label="Acceso del personal"
              title="Acceso del personal"
              className="inline-flex size-6 items-center justify-center rounded text-slate-400 hover:text-white"
            >
              <LockKeyhole className="size-3.5" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  const titleId = useId();
  return (
    <div>
      <h2 id={titleId} className="text-sm font-semibold text-white">
        {title}
      </h2>
      <ul aria-labelledby={titleId} className="mt-3 grid gap-2 text-sm text-slate-300">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} prefetch="intent" className="hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
