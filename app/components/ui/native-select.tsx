import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

// A styled native <select>: it works without JavaScript, on every phone, and with every
// screen reader, which is what the public forms need. Marked invalid, it shows it as Input does.
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
