import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    // contain: inline-size keeps a wide table from widening the page through the grids and flex
    // rows around it: it scrolls inside this box instead. Tables that must read as cards on a
    // phone use ResponsiveTable (./responsive-table.tsx).
    <div className="relative w-full overflow-x-auto [contain:inline-size]">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}
export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}
export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />;
}
export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return <th className={cn("h-11 px-3 text-left align-middle font-medium text-muted-foreground", className)} {...props} />;
}
export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("p-3 align-middle", className)} {...props} />;
}
