import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { ContactPageForm } from "#app/components/leads/contact-page-form.tsx";
import { PageSections } from "#app/components/marketing/page-sections.tsx";
import { pageMeta } from "#app/components/marketing/seo.ts";
import { brand } from "#app/config/brand.ts";
import { contactCopy, contactoPage } from "#app/content/pages/contacto.ts";

export function meta() {
  return pageMeta(contactoPage);
}

export default function ContactoRoute() {
  return (
    <>
      <PageSections page={contactoPage} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contacto-formulario" className="rounded-lg border bg-card p-6 shadow-sm sm:p-8">
          <h2 id="contacto-formulario" className="text-xl font-semibold">
            {contactCopy.formHeading}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{contactCopy.formIntro}</p>
          <div className="mt-6">
            <ContactPageForm />
          </div>
        </section>
        <aside aria-labelledby="contacto-otras-vias" className="grid content-start gap-6">
          <h2 id="contacto-otras-vias" className="text-xl font-semibold">
            {contactCopy.infoHeading}
          </h2>
          <ul className="grid gap-5">
            <ContactRow icon={<MapPin aria-hidden="true" />} label={contactCopy.addressLabel}>
              <address className="not-italic">
                {brand.legalName}
                <br />
                {brand.address.street}
                <br />
                {brand.address.postalCode} {brand.address.city} ({brand.address.region})
                <br />
                {brand.address.country}
              </address>
            </ContactRow>
            <ContactRow icon={<Mail aria-hidden="true" />} label={contactCopy.emailLabel}>
              <a href={`mailto:${brand.email}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {brand.email}
              </a>
            </ContactRow>
            <ContactRow icon={<Phone aria-hidden="true" />} label={contactCopy.phoneLabel}>
              <a href={brand.phoneHref} className="font-medium text-primary underline-offset-4 hover:underline">
                {brand.phone}
              </a>
            </ContactRow>
          </ul>
          <section aria-labelledby="contacto-horario" className="rounded-lg border bg-muted p-5">
            <h3 id="contacto-horario" className="flex items-center gap-2 font-semibold">
              <Clock className="size-5 text-primary" aria-hidden="true" />
              {contactCopy.hoursHeading}
            </h3>
            <dl className="mt-3 grid gap-2 text-sm">
              {brand.openingHours.map((slot) => (
                <div key={slot.days} className="flex justify-between gap-4">
                  <dt>{slot.days}</dt>
                  <dd className="font-medium">{slot.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-xs text-muted-foreground">{contactCopy.supportNote}</p>
          </section>
        </aside>
      </div>
    </>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-primary [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold">{label}</p>
        <div className="mt-1 text-sm text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}
