import { connect, type Socket } from "node:net";

/** A request written by hand on its own connection: its head first, its body when (and if) the test says. */
export interface RawRequest {
  readonly socket: Socket;
  /** The first bytes of the answer (status line and headers), or "" if the server closed without one. */
  readonly answer: Promise<string>;
  /** Resolves once the server has closed the connection. */
  readonly closed: Promise<void>;
  /** Writes more of the body. */
  send(bytes: string | Buffer): void;
}

/** The status of an answer's first bytes (0 when there was no answer). */
export function statusOf(answer: string): number {
  return Number(answer.split(" ")[1] ?? 0);
}

/** One header of an answer's first bytes, lower-cased name; undefined when absent. */
export function headerOf(answer: string, name: string): string | undefined {
  const line = answer
    .split("\r\n")
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * Connects to 127.0.0.1:`port` and writes `head` (request line and headers, without the blank line) and then
 * `start`, the beginning of the body; resolves once written. The connection stays open until the test or the
 * server ends it; `opened` collects it so the test can end every one it left.
 */
export function startRequest(
  port: number,
  head: string,
  start: string | Buffer,
  opened: Socket[],
): Promise<RawRequest> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    opened.push(socket);
    const chunks: Buffer[] = [];
    const answer = new Promise<string>((settle) => {
      socket.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        const text = Buffer.concat(chunks).toString("latin1");
        if (text.includes("\r\n\r\n")) settle(text);
      });
      socket.once("close", () => settle(Buffer.concat(chunks).toString("latin1")));
    });
    const closed = new Promise<void>((settle) => socket.once("close", () => settle()));
    socket.on("connect", () => {
      socket.write(`${head}\r\n\r\n`);
      if (start.length > 0) socket.write(start);
      resolve({ socket, answer, closed, send: (bytes) => socket.write(bytes) });
    });
  });
}
