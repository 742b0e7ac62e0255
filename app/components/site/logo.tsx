import { Link } from "react-router";
import { brand } from "#app/config/brand.ts";
import { cn } from "#app/lib/utils.ts";

/** The brand mark: a nest-shaped house outline. Inline so it costs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path
        d="M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="16" r="1.8" fill="#f59e0b" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn("inline-flex items-center gap-2 rounded-md text-lg font-extrabold tracking-tight", className)}>
      <LogoMark />
      <span>{brand.name}</span>
      <span className="sr-only">, ir a la página de inicio</span>
    </Link>
  );
}
