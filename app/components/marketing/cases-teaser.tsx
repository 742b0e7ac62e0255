import { CaseCard } from "#app/components/marketing/case-card.tsx";
import { SectionShell, type SectionTone } from "#app/components/marketing/section.tsx";
import { filterCases } from "#app/content/cases.ts";
import { cn } from "#app/lib/utils.ts";

// Spec §2/§9 "Casos reales": filtered by vertical and city, 3 cases unless told otherwise,
// and nothing at all (not even the heading) when no case matches.
export const DEFAULT_TEASER_LIMIT = 3;

type CasesTeaserProps = {
  heading?: string;
  intro?: string;
  vertical?: string;
  city?: string;
  limit?: number;
  tone?: SectionTone;
};

export function CasesTeaser({
  heading = "Casos reales",
  intro,
  vertical,
  city,
  limit = DEFAULT_TEASER_LIMIT,
  tone,
}: CasesTeaserProps) {
  const matches = filterCases({ vertical, city, limit });
  if (matches.length === 0) return null;
  return (
    <SectionShell heading={heading} intro={intro} tone={tone}>
      <ul
        className={cn(
          "grid gap-6",
          matches.length === 1 ? "mx-auto max-w-xl" : matches.length === 2 ? "md:grid-cols-2" : "md:grid-cols-2 lg:grid-cols-3",
        )}
      >
        {matches.map((caseStudy) => (
          <li key={caseStudy.slug}>
            <CaseCard caseStudy={caseStudy} />
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
