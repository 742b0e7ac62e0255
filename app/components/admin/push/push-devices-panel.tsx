import { BellRing, Loader2, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { PanelCard, PanelEmpty } from "#app/components/admin/panel-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PushSetupError, subscribeThisBrowser } from "./push-browser.ts";

// "Mis avisos" (issue 31): this user's devices that receive push notifications, and the button
// that adds this browser. Which incidents and flats each user wants is part 2 of the issue.

export type PushDeviceView = { id: string; label: string; createdAt: string; lastSuccessAt: string | null };
export type PushActionResult = { ok: true; message: string } | { ok: false; error: string };

const dateFormat = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Madrid" });

function useResultToast(fetcher: { state: string; data?: PushActionResult }) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
}

export function PushDevicesPanel({ devices, vapidPublicKey, unavailable }: { devices: PushDeviceView[]; vapidPublicKey: string | null; unavailable: string | null }) {
  const subscribe = useFetcher<PushActionResult>();
  const remove = useFetcher<PushActionResult>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useResultToast(subscribe);
  useResultToast(remove);

  const activate = async () => {
    if (!vapidPublicKey) return;
    setProblem(null);
    setWorking(true);
    try {
      const subscription = await subscribeThisBrowser(vapidPublicKey);
      await subscribe.submit({ intent: "subscribe", ...subscription }, { method: "post" });
    } catch (error) {
      setProblem(error instanceof PushSetupError ? error.message : "No se pudieron activar los avisos en este dispositivo.");
    } finally {
      setWorking(false);
    }
  };

  const busy = working || subscribe.state !== "idle";
  return (
    <PanelCard
      title="Mis avisos"
      titleAs="h1"
      description="Los dispositivos en los que recibes avisos de incidencias (humo, CO, posible ocupación, ruido que sigue). Un toque en el aviso abre la incidencia."
      action={
        <Button type="button" onClick={() => void activate()} disabled={busy || !vapidPublicKey}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <BellRing aria-hidden="true" />} Activar avisos en este dispositivo
        </Button>
      }
    >
      {unavailable ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {unavailable}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      {devices.length === 0 ? (
        <PanelEmpty>Todavía no recibes avisos en ningún dispositivo.</PanelEmpty>
      ) : (
        <ul className="divide-y" aria-label="Mis dispositivos">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{device.label}</p>
                <p className="text-sm text-muted-foreground">
                  Desde {dateFormat.format(new Date(device.createdAt))}
                  {device.lastSuccessAt ? ` · último aviso entregado ${dateFormat.format(new Date(device.lastSuccessAt))}` : ""}
                </p>
              </div>
              <remove.Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={device.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Quitar ${device.label}`} disabled={remove.state !== "idle"}>
                  <Trash2 aria-hidden="true" /> Quitar
                </Button>
              </remove.Form>
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}
