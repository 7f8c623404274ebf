import type { AddressInfo } from "node:net";
import { DEFAULT_ROOMS, type RoomSettings } from "../../../src/server/config.ts";
import { startTestApp, type TestApp } from "./app.ts";
import type { Dialect } from "./dialects.ts";

/** The production app listening on loopback, for tests that open WebSockets. */
export interface ListeningApp extends TestApp {
  readonly baseUrl: string;
  /** Makes a room as the page does; its id and host secret. */
  createRoom(start?: string): Promise<{ id: string; hostSecret: string }>;
}

/** Starts the app on a free port with these room settings (the rest as in startTestApp). */
export async function startRoomApp(
  dialect: Dialect,
  rooms: Partial<RoomSettings> = {},
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<ListeningApp> {
  const test = await startTestApp(dialect, { ...options, rooms: { ...DEFAULT_ROOMS, ...rooms } });
  await test.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = test.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...test,
    baseUrl,
    createRoom: async (start) => {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/rooms",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(start === undefined ? {} : { start }),
      });
      if (response.statusCode !== 201)
        throw new Error(`room creation answered ${response.statusCode}: ${response.body}`);
      return response.json<{ id: string; hostSecret: string }>();
    },
  };
}
