import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

// "A table on a desktop, a list of cards on a phone" with ONE set of rows: the same <tr>s are
// laid out as a table from the md breakpoint up and as cards below it, by CSS alone. Nothing is
// rendered twice, so every control (a select, a fetcher, a dialog trigger) exists once and keeps
// its state across a rotation. Below md each cell shows its column name (the `label` prop) above
// its value, and says through `mobile` where it goes in the card:
//   "title"   the card's heading, first, across the card, no label (the row's name or link);
//   "full"    across the card, with its label (long values: an e-mail, an address, a select);
//   "half"    half the card's width, with its label (the default: dates, counts, badges);
//   "hidden"  not on the phone: the row's detail shows it;
//   "actions" across the bottom of the card; put a <RowActions> (./row-actions.tsx) in it.
// The explicit ARIA roles keep the table's semantics in browsers that drop them when a table is
// given another `display`.

export type ResponsiveCellPlace = "title" | "full" | "half" | "hidden" | "actions";

export function ResponsiveTable({
  className,
  wrapperClassName,
  ...props
}: React.ComponentProps<"table"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("w-full md:overflow-x-auto md:[contain:inline-size]", wrapperClassName)}>
      <table role="table" className={cn("w-full caption-bottom text-sm max-md:block", className)} {...props} />
    </div>
  );
}

/** Only read by screen readers below md, where each cell carries its column name. */
export function ResponsiveTableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead role="rowgroup" className={cn("max-md:sr-only [&_tr]:border-b", className)} {...props} />;
}

export function ResponsiveTableHeadRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr role="row" className={cn("border-b", className)} {...props} />;
}

export function ResponsiveTableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={cn("h-11 px-3 text-left align-middle font-medium text-muted-foreground", className)}
      {...props}
    />
  );
}

export function ResponsiveTableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody role="rowgroup" className={cn("max-md:grid max-md:gap-3 md:[&>tr:last-child]:border-0", className)} {...props} />;
}

/** A table row from md up; below it a card whose cells flow in two columns. */
export function ResponsiveTableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      data-row=""
      className={cn(
        "border-b transition-colors hover:bg-muted/50",
        "max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:rounded-lg max-md:border max-md:bg-background max-md:p-4 max-md:shadow-sm max-md:hover:bg-background",
        className,
      )}
      {...props}
    />
  );
}

const onPhone = "max-md:min-w-0 max-md:p-0";
const labelled =
  "max-md:before:mb-0.5 max-md:before:block max-md:before:font-sans max-md:before:text-xs max-md:before:font-medium max-md:before:tracking-normal max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]";
const PLACES: Record<ResponsiveCellPlace, string> = {
  title: `${onPhone} max-md:order-first max-md:col-span-2 max-md:text-base max-md:font-semibold`,
  full: `${onPhone} max-md:col-span-2 ${labelled}`,
  half: `${onPhone} ${labelled}`,
  hidden: "max-md:hidden",
  actions: `${onPhone} max-md:col-span-2 max-md:border-t max-md:pt-3`,
};

export function ResponsiveTableCell({
  label,
  mobile = "half",
  className,
  ...props
}: React.ComponentProps<"td"> & { label?: string; mobile?: ResponsiveCellPlace }) {
  return <td role="cell" data-label={label} className={cn("p-3 align-middle", PLACES[mobile], className)} {...props} />;
}
