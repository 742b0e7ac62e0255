import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

export function Alert({
  className,
  variant = "default",
  ...props
}: React.ComponentProps<"div"> & { variant?: "default" | "destructive" | "success" }) {
  return (
    <div
      role={variant === "destructive" ? "alert" : "status"}
      className={cn(
        "rounded-md border p-4 text-sm",
        variant === "destructive" && "border-destructive/40 bg-destructive/5 text-destructive",
        variant === "success" && "border-success/40 bg-success/5 text-success",
        className,
      )}
      {...props}
    />
  );
}
