import { Search, X } from "lucide-react";
import type * as React from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/utils.ts";

// The filter bar of the staff lists (leads, Monitorización's devices and incidents): a plain GET
// form, so the filters live in the URL (they survive a reload, can be shared and work without
// JavaScript); with it, choosing an option applies it at once, while the search box waits for
// Enter or the button. Each list keeps its own fields and grid columns.

export function FilterBar({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={cn("grid gap-3 rounded-lg border bg-background p-4", className)}
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { replace: true });
      }}
    >
      {children}
    </Form>
  );
}

/** A labelled control of the bar. */
export function FilterField({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The search box, with its magnifier; re-mounted when the URL's value changes. */
export function FilterSearch({ className, defaultValue, ...props }: Omit<React.ComponentProps<typeof Input>, "type" | "defaultValue"> & { defaultValue: string }) {
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input type="search" defaultValue={defaultValue} key={defaultValue} className={cn("pl-9", className)} {...props} />
    </div>
  );
}

/**
 * A select of the bar: `all` (when given) is the empty value's label. Re-mounted when the URL's
 * value changes, so a link that clears the filters also resets the control.
 */
export function FilterSelect({
  id,
  name,
  value,
  options,
  all,
}: {
  id: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  all?: string;
}) {
  return (
    <NativeSelect id={id} name={name} defaultValue={value} key={value}>
      {all !== undefined ? <option value="">{all}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * The bar's buttons: submit and, while a filter is on, "Limpiar" (a link to the unfiltered
 * list). `buttonClassName` sizes both (e.g. full width on a phone); `children` come after them.
 */
export function FilterActions({
  submitLabel,
  submitVariant,
  clearTo,
  active,
  replace,
  className,
  buttonClassName,
  children,
}: {
  submitLabel: string;
  submitVariant?: React.ComponentProps<typeof Button>["variant"];
  clearTo: string;
  active: boolean;
  replace?: boolean;
  className?: string;
  buttonClassName?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button type="submit" variant={submitVariant} className={buttonClassName}>
        <Search aria-hidden="true" /> {submitLabel}
      </Button>
      {active ? (
        <Button asChild variant="ghost" className={buttonClassName}>
          <Link to={clearTo} replace={replace}>
            <X aria-hidden="true" /> Limpiar
          </Link>
        </Button>
      ) : null}
      {children}
    </div>
  );
}
