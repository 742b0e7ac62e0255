// The browser side of "Activar avisos en este dispositivo" (issue 31): register the staff area's
// service worker and subscribe with the VAPID public key. Every refusal becomes a Spanish message.

export type BrowserSubscription = { endpoint: string; p256dh: string; auth: string };

export class PushSetupError extends Error {
  override name = "PushSetupError";
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why this browser cannot take push notifications, or null when it can. */
export function pushUnsupportedReason(): string | null {
  if (typeof window === "undefined") return null;
  if (!window.isSecureContext) return "Los avisos necesitan una conexión segura (https).";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "Este navegador no admite avisos push. En iPhone, añade antes el panel a la pantalla de inicio (Compartir → Añadir a pantalla de inicio) y ábrelo desde allí.";
  }
  return null;
}

export async function subscribeThisBrowser(vapidPublicKey: string): Promise<BrowserSubscription> {
  const unsupported = pushUnsupportedReason();
  if (unsupported) throw new PushSetupError(unsupported);
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushSetupError(
      permission === "denied"
        ? "El navegador tiene bloqueados los avisos de este sitio. Permítelos en los ajustes del sitio y vuelve a intentarlo."
        : "No se han permitido los avisos. Vuelve a pulsar el botón y acepta el permiso.",
    );
  }
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register("/admin/sw.js", { scope: "/admin/" });
    await navigator.serviceWorker.ready;
  } catch {
    throw new PushSetupError("No se pudo instalar el servicio de avisos en este navegador.");
  }
  let subscription: PushSubscription;
  try {
    const key = applicationServerKey(vapidPublicKey);
    subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  } catch {
    throw new PushSetupError("El servicio de avisos del navegador no ha aceptado la suscripción. Inténtalo de nuevo más tarde.");
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushSetupError("El navegador no ha devuelto una suscripción completa.");
  return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
}
