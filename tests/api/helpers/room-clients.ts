import { afterEach } from "vitest";
import type { ListeningApp } from "./room-app.ts";
import { connectRoom, isMessage, type Received, type RoomTestClient } from "./room-client.ts";

/** Matches the socket's close with `code`. */
export const closedWith = (code: number) => (item: Received) => item.kind === "close" && item.code === code;

/** How a test joins rooms of the app it started; every client and the app are closed after each test. */
export interface RoomClients {
  /** Starts a client on room `id` (not waiting for its welcome: a join may be refused). */
  join(id: string, options?: Parameters<typeof connectRoom>[2]): Promise<RoomTestClient>;
  /** A client on room `id`, once the room welcomed it. */
  welcomed(id: string, options?: Parameters<typeof connectRoom>[2]): Promise<RoomTestClient>;
}

/** Room clients of the app `current` answers (the one the running test started), closed with it after each test. */
export function roomClients(current: () => ListeningApp | undefined, forget: () => void): RoomClients {
  const clients: RoomTestClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await current()?.close();
    forget();
  });
  const join: RoomClients["join"] = async (id, options) => {
    const client = await connectRoom((current() as ListeningApp).baseUrl, id, options);
    clients.push(client);
    return client;
  };
  return {
    join,
    welcomed: async (id, options) => {
      const client = await join(id, options);
      await client.waitFor(isMessage("welcome"), "the welcome");
      return client;
    },
  };
}
