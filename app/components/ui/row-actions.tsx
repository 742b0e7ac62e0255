import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/**
 * The buttons of one row (a table row, a card). Right-aligned in a table; below md they wrap
 * from the left, outlined, each at least 44 × 44 px, the size a thumb can hit. Put each action
 * here as a visible button (never behind a hover): an icon button needs an aria-label, and one
 * that opens a dialog needs `opensDialog` (./dialog.tsx).
 */
export function RowActions({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-row-actions=""
      className={cn(
        "flex items-center justify-end gap-1",
        "max-md:flex-wrap max-md:justify-start max-md:gap-2 max-md:[&>*]:min-h-11 max-md:[&>*]:min-w-11 max-md:[&>*]:w-auto max-md:[&>*]:border max-md:[&>*]:px-3",
        className,
      )}
      {...props}
    />
  );
}

/**
 * The words beside an icon button's icon below md, where the card has room for them; from md up
 * the button shows its icon only. Keep the words part of the button's aria-label, so that a
 * speech user can say what they see.
 */
export function RowActionLabel({ children }: { children: React.ReactNode }) {
  return <span className="md:hidden">{children}</span>;
}
