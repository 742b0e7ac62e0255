import { z } from "zod";

// A browser's PushSubscription as "Mis avisos" posts it (subscription.toJSON()). The server is the
// authority: the endpoint must be an https URL (http only where PUSH_ALLOW_PRIVATE allows a local
// push service), p256dh a 65-byte uncompressed P-256 point and auth 16 bytes, both base64url.

const base64url = (bytes: number, message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => Buffer.from(value, "base64url").length === bytes, message);

export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "La dirección del servicio de avisos no es válida" }).max(2000, "La dirección del servicio de avisos es demasiado larga"),
  keys: z.object(
    {
      p256dh: base64url(65, "La clave del navegador (p256dh) no es válida"),
      auth: base64url(16, "El secreto del navegador (auth) no es válido"),
    },
    "Faltan las claves de la suscripción",
  ),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** "Chrome en Android", "Firefox en Windows"… from a User-Agent, for the device list. */
export function deviceLabelOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser/.test(ua)
        ? "Samsung Internet"
        : /Firefox\//.test(ua)
          ? "Firefox"
          : /Chrome\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "Navegador";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return system ? `${browser} en ${system}` : browser;
}
