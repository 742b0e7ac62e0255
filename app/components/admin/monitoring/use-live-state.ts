import { useEffect, useState } from "react";
import type { LiveEvent, LiveState } from "#app/modules/monitoring/monitoring.schema.ts";

export const LIVE_STREAM_PATH = "/api/admin/monitoring/stream";

export type LiveStatus = "connecting" | "live" | "lost";

/**
 * The device's latest state, kept current by the server-sent event stream: the server pushes
 * each reading it has just stored, so an open page costs the database nothing while it waits.
 * EventSource reconnects by itself after a drop; the status says when it is trying.
 */
export function useLiveState(deviceId: string, initial: LiveState): { state: LiveState; status: LiveStatus; updates: number } {
  const [state, setState] = useState(initial);
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [updates, setUpdates] = useState(0);

  useEffect(() => {
    setState(initial);
  }, [initial]);

  useEffect(() => {
    const source = new EventSource(`${LIVE_STREAM_PATH}?device=${encodeURIComponent(deviceId)}`);
    source.addEventListener("open", () => setStatus("live"));
    source.addEventListener("error", () => setStatus(source.readyState === EventSource.CLOSED ? "lost" : "connecting"));
    source.addEventListener("reading", (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as LiveEvent;
      if (data.deviceId !== deviceId) return;
      setState(data.state);
      setUpdates((n) => n + 1);
      setStatus("live");
    });
    return () => source.close();
  }, [deviceId]);

  return { state, status, updates };
}
