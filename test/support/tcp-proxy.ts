import net from "node:net";

/**
 * A loopback TCP proxy in front of a server (PostgreSQL, say) that a test can take away and give
 * back, to see what the app does while its database is gone without stopping a server others share.
 *
 * - `cut()`: every connection through the proxy is destroyed and the port stops listening, so new
 *   connections are refused (ECONNREFUSED), as when the server is stopped.
 * - `stall()`: every connection is destroyed and new ones are accepted but never answered, as when
 *   the server's host is unreachable and its packets are dropped.
 * - `restore()`: connections are passed on again, on the same port.
 */
export type TcpProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  cut(): Promise<void>;
  stall(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

type Mode = "forward" | "stall";

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const stalled = new Set<net.Socket>();
  let mode: Mode = "forward";

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      stalled.delete(socket);
    });
    // A connection torn down by cut() or by either end is expected here, never an uncaught error.
    socket.on("error", () => socket.destroy());
  };

  const server = net.createServer((incoming) => {
    track(incoming);
    if (mode === "stall") {
      stalled.add(incoming);
      return;
    }
    const outgoing = net.connect(target.port, target.host);
    track(outgoing);
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
    incoming.on("close", () => outgoing.destroy());
    outgoing.on("close", () => incoming.destroy());
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      dropConnections();
    });

  await listen(0);
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    async cut() {
      mode = "forward";
      await stopListening();
    },
    async stall() {
      mode = "stall";
      dropConnections();
      if (!server.listening) await listen(port);
    },
    async restore() {
      for (const socket of stalled) socket.destroy();
      mode = "forward";
      if (!server.listening) await listen(port);
    },
    async close() {
      await stopListening();
    },
  };
}
