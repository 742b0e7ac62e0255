import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/utils.ts";

// A native <select> (works without JavaScript, on every phone and screen reader) with, once the
// page is interactive, a search box that narrows its options: 249 countries are too many to
// scroll on a phone. Typing until one option is left selects it.

export type SelectOption = { value: string; label: string };

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

export function SearchableSelect({
  id,
  name,
  value,
  onChange,
  options,
  placeholder,
  searchLabel,
  noMatches,
  invalid,
  describedBy,
  required,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder: string;
  searchLabel: string;
  noMatches: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
}) {
  const hydrated = useHydrated();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const folded = useMemo(() => options.map((option) => ({ ...option, key: fold(option.label) })), [options]);
  const wanted = fold(query);
  const visible = wanted === "" ? folded : folded.filter((option) => option.key.includes(wanted) || option.value === value);
  const matches = wanted === "" ? folded.length : folded.filter((option) => option.key.includes(wanted)).length;

  return (
    <div className="grid gap-1.5">
      {hydrated ? (
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <input
            id={searchId}
            type="search"
            value={query}
            aria-label={searchLabel}
            aria-controls={id}
            placeholder={searchLabel}
            autoComplete="off"
            className="flex h-9 w-full rounded-md border border-input bg-muted/40 py-1 pl-9 pr-3 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
            onChange={(event) => {
              const next = event.target.value;
              setQuery(next);
              const key = fold(next);
              if (key === "") return;
              const found = folded.filter((option) => option.key.includes(key));
              const exact = found.find((option) => option.key === key);
              if (exact) onChange(exact.value);
              else if (found.length === 1) onChange(found[0].value);
            }}
          />
        </div>
      ) : null}
      <NativeSelect
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cn(invalid && "border-destructive")}
      >
        <option value="">{placeholder}</option>
        {visible.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {hydrated && wanted !== "" && matches === 0 ? (
        <p className="text-xs text-muted-foreground" role="status">
          {noMatches}
        </p>
      ) : null}
    </div>
  );
}
