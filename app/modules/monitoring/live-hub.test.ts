import { describe, expect, test, vi } from "vitest";
import { createLiveHub, sseEvent, type LiveSubscribe } from "./live-hub.server.ts";
import { EMPTY_LIVE_STATE } from "./monitoring.server.ts";
import type { LiveEvent } from "./monitoring.schema.ts";

// The fan-out behind the live device view: one subscription however many streams, each stream
// gets only its device's events, and a stream that stops reading is dropped.

function source() {
  let listener: ((events: LiveEvent[]) => void) | null = null;
  const subscriptions = { opened: 0, closed: 0 };
  const subscribe: LiveSubscribe = (l) => {
    listener = l;
    subscriptions.opened += 1;
    return () => {
      listener = null;
      subscriptions.closed += 1;
    };
  };
  const emit = (deviceId: string, propertyId: string | null = null) => listener?.([{ deviceId, propertyId, state: { ...EMPTY_LIVE_STATE, laeq: 50 } }]);
  return { subscribe, emit, subscriptions };
}

function stream(capacity = Infinity) {
  const chunks: string[] = [];
  let ended = false;
  return {
    chunks,
    get ended() {
      return ended;
    },
    write: (chunk: string) => {
      if (chunks.length >= capacity) return false;
      chunks.push(chunk);
      return true;
    },
    end: () => {
      ended = true;
    },
  };
}

describe("live hub", () => {
  test("one subscription for every stream, filtered by device or property, dropped with the last stream", () => {
    const s = source();
    const hub = createLiveHub({ subscribe: s.subscribe });
    const a = stream();
    const b = stream();
    const c = stream();
    const removeA = hub.add({ deviceId: "d1" }, a.write, a.end);
    const removeB = hub.add({ deviceId: "d2" }, b.write, b.end);
    const removeC = hub.add({ propertyId: "p1" }, c.write, c.end);
    expect(s.subscriptions).toEqual({ opened: 1, closed: 0 });
    s.emit("d1", "p1");
    s.emit("d2", "p2");
    expect(a.chunks).toEqual([sseEvent("reading", { deviceId: "d1", propertyId: "p1", state: { ...EMPTY_LIVE_STATE, laeq: 50 } })]);
    expect(b.chunks).toHaveLength(1);
    expect(b.chunks[0]).toContain('"deviceId":"d2"');
    expect(c.chunks).toHaveLength(1);
    expect(c.chunks[0]).toContain('"deviceId":"d1"');
    removeA();
    removeB();
    expect(s.subscriptions.closed).toBe(0);
    removeC();
    expect(s.subscriptions).toEqual({ opened: 1, closed: 1 });
    expect(hub.size).toBe(0);
  });

  test("a stream that cannot take more is ended and removed", () => {
    const s = source();
    const hub = createLiveHub({ subscribe: s.subscribe });
    const slow = stream(1);
    const fast = stream();
    hub.add({}, slow.write, slow.end);
    hub.add({}, fast.write, fast.end);
    s.emit("d1");
    s.emit("d1");
    expect(slow.ended).toBe(true);
    expect(fast.chunks).toHaveLength(2);
    expect(hub.size).toBe(1);
  });

  test("heartbeat comments while streams are open; close ends them all", () => {
    vi.useFakeTimers();
    try {
      const s = source();
      const hub = createLiveHub({ subscribe: s.subscribe, heartbeatMs: 1000 });
      const a = stream();
      hub.add({}, a.write, a.end);
      vi.advanceTimersByTime(2500);
      expect(a.chunks.filter((chunk) => chunk.startsWith(": ping"))).toHaveLength(2);
      hub.close();
      expect(a.ended).toBe(true);
      expect(s.subscriptions.closed).toBe(1);
      vi.advanceTimersByTime(5000);
      expect(a.chunks).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
