import net from "node:net";

/**
 * A TCP port free on 127.0.0.1 right now. Its own module, with nothing else imported, so that
 * helpers which only start processes (spawn-server.ts, mqtt-broker.ts) do not load the app.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
