import { createServer, request as httpRequest } from "node:http";
import { connect } from "node:net";

// A visitor at another address on one machine: a loopback proxy that forwards every request and WebSocket to a
// server started with TRUST_PROXY, saying (X-Forwarded-For) that it came from the address given. Chromium 150
// does not add a context's extra headers to WebSocket handshakes, so pages reach the server through this.

/** A running proxy: its URL (open pages there) and how to stop it. */
export interface ForwardingProxy {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a proxy on loopback to `target` (an http:// URL) for a visitor at `address`. */
export async function forwardingProxy(target: string, address: string): Promise<ForwardingProxy> {
  const { hostname, port } = new URL(target);
  const upgraded = new Set<{ destroy(): void }>();
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        hostname,
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-for": address },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  server.on("upgrade", (incoming, socket, head) => {
    const upstream = connect(Number(port), hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      const raw = incoming.rawHeaders;
      for (let index = 0; index + 1 < raw.length; index += 2)
        if (raw[index]?.toLowerCase() !== "x-forwarded-for") lines.push(`${raw[index]}: ${raw[index + 1]}`);
      lines.push(`X-Forwarded-For: ${address}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upgraded.add(socket).add(upstream);
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const bound = server.address();
  const url = `http://127.0.0.1:${typeof bound === "object" && bound !== null ? bound.port : 0}`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
