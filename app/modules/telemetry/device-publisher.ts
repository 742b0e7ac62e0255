import type { MqttClient } from "mqtt";

// How an NS-01 (and the simulator, and the tests standing in for it) publishes a reading over
// MQTT 5 so that a broker restart loses nothing (docs/DEVICE-PROTOCOL.md, ADR 0016).
//
// A QoS 1 PUBACK only says the broker received the message. Mosquitto 2.0 restores a persistent
// session after its own restart without the session's shared subscription, so for the moment
// between the broker coming back and the server subscribing again, a reading matches no
// subscriber and the broker discards it. MQTT 5 says so in the PUBACK: reason code 16, "No
// matching subscribers". The device treats that PUBACK as "not taken" and keeps the reading in
// its backlog, to be sent again (a resend that did arrive is a duplicate, never stored twice).

/** PUBACK reason code 0x10: the broker accepted the message but no subscription matched it. */
export const NO_MATCHING_SUBSCRIBERS = 16;

export type PublishOutcome = "taken" | "no-subscribers";

export type DevicePublisher = {
  /** Publishes at QoS 1; resolves with what the broker's PUBACK said, rejects if it refused. */
  publish(topic: string, payload: string): Promise<PublishOutcome>;
};

/**
 * Wraps a connected MQTT 5 client (protocolVersion 5). mqtt.js resolves a QoS 1 publish on its
 * PUBACK without handing the PUBACK over, so its reason code is read as the packet arrives,
 * keyed by message id, and looked up when that publish completes.
 */
export function createDevicePublisher(client: MqttClient): DevicePublisher {
  const reasons = new Map<number, number>();
  client.on("packetreceive", (packet) => {
    if (packet.cmd === "puback" && packet.messageId !== undefined) reasons.set(packet.messageId, packet.reasonCode ?? 0);
  });
  return {
    publish(topic, payload) {
      return new Promise((resolve, reject) => {
        client.publish(topic, payload, { qos: 1 }, (error, packet) => {
          if (error) return reject(error);
          const id = packet?.messageId;
          const reason = id === undefined ? 0 : (reasons.get(id) ?? 0);
          if (id !== undefined) reasons.delete(id);
          resolve(reason === NO_MATCHING_SUBSCRIBERS ? "no-subscribers" : "taken");
        });
      });
    },
  };
}
