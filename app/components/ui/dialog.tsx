import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { useRef } from "react";
import type * as React from "react";
import { cn } from "#app/lib/utils.ts";
import { dialogBoxClass, dialogFooterClass } from "./dialog-box.ts";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Spread on a button that opens a dialog without being its <DialogTrigger> (a row action, a
 * button beside a controlled dialog). It tells assistive technology what the button does, as
 * Radix's own triggers do, and it is how the phone-layout browser test finds every dialog
 * (tests/e2e/staff-mobile.test.ts): a dialog whose opener lacks it makes that test fail.
 */
export const opensDialog = { "aria-haspopup": "dialog" } as const;

export function DialogContent({
  className,
  children,
  closeLabel = "Cerrar",
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  // Radix returns focus only to a <DialogTrigger>. Most of our dialogs are opened by buttons that
  // live apart from them (table rows, lazily loaded dialogs), so remember whatever had focus when
  // the dialog opened and give it back on close, instead of letting focus fall to <body>.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(dialogBoxClass, "max-w-lg", className)}
        {...props}
        onOpenAutoFocus={(event) => {
          returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = returnFocusTo.current;
          if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {children}
        {/* 44 px to tap on a phone; drawn as before on wider screens. */}
        <DialogPrimitive.Close className="absolute right-1 top-1 flex size-11 items-center justify-center rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring sm:right-4 sm:top-4 sm:size-auto">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  // Room on the right for the phone's larger close button, so a long title never runs under it.
  return <div className={cn("flex flex-col gap-1.5 text-left max-sm:pr-8", className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn(dialogFooterClass, className)} {...props} />;
}
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold leading-none max-sm:leading-tight", className)} {...props} />;
}
export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
