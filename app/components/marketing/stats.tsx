import { TestimonialCard } from "#app/components/marketing/testimonial.tsx";
import type { StatItem, Testimonial } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

/** Headline figures as a description list: each value is described by its label. */
export function Stats({ items, testimonial }: { items: StatItem[]; testimonial?: Testimonial }) {
  return (
    <div className="grid gap-10">
      <dl className={cn("grid grid-cols-2 gap-4 sm:gap-6", items.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4")}>
        {items.map((item) => (
          <div
            key={`${item.value}-${item.label}`}
            className="flex flex-col-reverse rounded-lg border bg-card p-5 text-center shadow-sm"
          >
            <dt className="mt-1 text-sm text-muted-foreground">{item.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{item.value}</dd>
          </div>
        ))}
      </dl>
      {testimonial ? <TestimonialCard testimonial={testimonial} /> : null}
    </div>
  );
}
