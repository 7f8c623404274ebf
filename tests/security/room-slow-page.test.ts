import { describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { ROOM_CLOSE } from "../../src/common/rooms/room-close.ts";
import {
  BEHIND_BYTES,
  BEHIND_LIMIT_MS,
  LIVE_DROP_BYTES,
  SocketMember,
} from "../../src/server/rooms/socket-member.ts";

// A page that cannot keep up never makes the server buffer without bound, and never holds the room back: the
// room hands every page its frames at once, and what a slow page's socket cannot take is dropped (passing
// frames) or left in the log until it drains (entries). Its socket is a stand-in whose unsent bytes the test
// sets, as a real socket's grow when its page stops reading.

function fakeSocket() {
  const sent: unknown[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent,
    closedWith: undefined as number | undefined,
    send(data: unknown) {
      sent.push(data);
    },
    close(code: number) {
      socket.closedWith = code;
      socket.readyState = 3;
    },
    terminate() {
      socket.readyState = 3;
    },
  };
  return socket;
}

const person = {
  key: 1,
  slot: 0,
  visitorHash: "h",
  host: false,
  name: "Slow",
  colour: "#000000",
  role: "drawer" as const,
};

describe("a page that cannot keep up", () => {
  it("gets no passing frames while its socket holds more than LIVE_DROP_BYTES, and they are not kept", () => {
    const socket = fakeSocket();
    const member = new SocketMember(
      socket as unknown as WebSocket,
      { framesSince: () => [], through: 0 },
      person,
    );
    member.sendLive(new Uint8Array(10));
    socket.bufferedAmount = LIVE_DROP_BYTES + 1;
    for (let frame = 0; frame < 10_000; frame += 1) member.sendLive(new Uint8Array(1_000));
    expect(socket.sent).toHaveLength(1);
    expect(member.dropped).toBe(10_000);
  });

  it("stops getting the log's frames past BEHIND_BYTES, and is brought up to date from the log once it drains", () => {
    vi.useFakeTimers();
    try {
      const socket = fakeSocket();
      const log = { framesSince: vi.fn((since: number) => [new Uint8Array([since])]), through: 5 };
      const member = new SocketMember(socket as unknown as WebSocket, log, person);
      member.sendEntries(new Uint8Array([1]), 1);
      socket.bufferedAmount = BEHIND_BYTES + 1;
      for (let seq = 2; seq <= 5; seq += 1) member.sendEntries(new Uint8Array([seq]), seq);
      expect(socket.sent).toHaveLength(1);
      socket.bufferedAmount = 0;
      vi.advanceTimersByTime(200);
      expect(log.framesSince).toHaveBeenCalledWith(1);
      expect(socket.sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is closed (ROOM_CLOSE.tooSlow) when it stays behind for BEHIND_LIMIT_MS", () => {
    vi.useFakeTimers();
    try {
      const socket = fakeSocket();
      const member = new SocketMember(
        socket as unknown as WebSocket,
        { framesSince: () => [], through: 0 },
        person,
      );
      socket.bufferedAmount = BEHIND_BYTES + 1;
      member.sendEntries(new Uint8Array([1]), 1);
      vi.advanceTimersByTime(BEHIND_LIMIT_MS + 500);
      expect(socket.closedWith).toBe(ROOM_CLOSE.tooSlow);
    } finally {
      vi.useRealTimers();
    }
  });
});
