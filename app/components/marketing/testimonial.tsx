import { Quote } from "lucide-react";
import type { Testimonial } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

export function TestimonialCard({ testimonial, className }: { testimonial: Testimonial; className?: string }) {
  return (
    <figure className={cn("mx-auto max-w-3xl rounded-lg border bg-card p-6 shadow-sm sm:p-8", className)}>
      <Quote className="size-8 text-primary/70" aria-hidden="true" />
      <blockquote className="mt-4 text-lg leading-relaxed text-balance sm:text-xl">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 text-sm">
        <span className="block font-semibold">{testimonial.author}</span>
        <span className="block text-muted-foreground">{testimonial.role}</span>
      </figcaption>
    </figure>
  );
}
