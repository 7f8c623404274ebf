import { decodeDrawing } from "../../common/drawing-document/decode.ts";
import { knownStickers } from "../../common/drawing-document/known-stickers.ts";
import { ROOM_CLOSE } from "../../common/rooms/room-close.ts";
import {
  decodeEntries,
  FRAME,
  type FrameOptions,
  LIVE_END,
  LIVE_FIRST,
} from "../../common/rooms/room-frames.ts";
import type { HostCommand, RoomPerson, ServerMessage } from "../../common/rooms/room-messages.ts";
import { decodeBatch, decodeLive, decodePointer } from "../../common/rooms/room-passing-frames.ts";
import { decodePicture } from "../../common/rooms/room-picture.ts";
import { decodeSnapshot } from "../../common/rooms/room-snapshot.ts";
import { loadBranding } from "../branding/branding.ts";
import { loadMascot } from "../branding/mascot-background.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { showStart } from "../remix/first-display.ts";
import { captureLive } from "./live-capture.ts";
import { LiveLayer } from "./live-layer.ts";
import { type ConnectionEvents, RoomConnection } from "./room-connection.ts";
import { roomSocketUrl, takeEarly } from "./room-early.ts";
import { hostSecretOf, savedName } from "./room-keys.ts";
import { RoomSync } from "./room-sync.ts";
import { takeBrought } from "./start-room.ts";

// One page in one room: its socket, its log kept on the engine, the others' live strokes and pointers, and what
// the room bar shows (RoomView), handed to React as a snapshot whenever it changes.

/** How long a notice (a refusal, a host-only control) stays in the room bar. */
const NOTICE_MS = 8000;

/** Where the page is with the room. */
export type RoomPhase = "connecting" | "live" | "reconnecting" | "ended" | "closed";

/** What the room bar shows. */
export interface RoomView {
  readonly phase: RoomPhase;
  readonly you: RoomPerson | null;
  readonly people: readonly RoomPerson[];
  readonly locked: boolean;
  /** This page's entries the log has not taken yet (drawn offline, on their way). */
  readonly waiting: number;
  /** The last thing to tell the visitor (a refusal, a lost connection, the room's end), if any. */
  readonly notice: string | null;
}

/** A running room session. */
export interface RoomSession {
  readonly view: () => RoomView;
  readonly subscribe: (listener: () => void) => () => void;
  readonly command: (command: HostCommand) => void;
  readonly rename: (name: string) => void;
  readonly stop: () => void;
}

/** Adds the drawing this tab brought from the drawing page (start-room.ts) to the room, as the host's own. */
function bringDrawing(sync: RoomSync, id: string, frames: FrameOptions): void {
  const bytes = takeBrought(id);
  if (bytes === null) return;
  try {
    sync.bring(decodeDrawing(bytes, frames).operations);
  } catch (error) {
    console.warn(
      "Fanvas: the drawing brought into the room could not be read; the room starts without it.",
      error,
    );
  }
}

/** The room as the page shows it before the server has answered. */
export const CONNECTING: RoomView = {
  phase: "connecting",
  you: null,
  people: [],
  locked: false,
  waiting: 0,
  notice: null,
};

/** Joins room `id` on `engine`, whose canvas sits in the board's stage. */
export function startRoomSession(
  engine: DrawingEngine,
  canvas: HTMLCanvasElement,
  id: string,
  mascotSrc: string,
) {
  const listeners = new Set<() => void>();
  let view: RoomView = CONNECTING;
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  const update = (change: Partial<RoomView>) => {
    const locked = sync.state?.locked ?? view.locked;
    // A notice says what just happened: it goes after a while, or when the lock it may be about changes.
    const notice = change.notice !== undefined ? change.notice : locked !== view.locked ? null : view.notice;
    const phase = change.phase ?? view.phase;
    if (typeof change.notice === "string" && phase !== "ended" && phase !== "closed") {
      clearTimeout(noticeTimer);
      noticeTimer = setTimeout(() => update({ notice: null }), NOTICE_MS);
    }
    view = { ...view, waiting: sync.pending.length, locked, ...change, notice };
    for (const listener of listeners) listener();
  };
  const stage = canvas.parentElement ?? canvas;
  const layer = new LiveLayer(stage);
  const send = (bytes: Uint8Array) => connection.send(bytes);
  const sync = new RoomSync(engine, {
    send,
    changed: () => update({}),
    landed: (author, opId) => layer.landed(author, opId),
  });
  let frames: FrameOptions = { stickers: knownStickers() };
  void loadBranding().then((branding) => {
    frames = { stickers: knownStickers(branding.stickers) };
  });
  const mascot = loadMascot(mascotSrc);

  const text = (message: ServerMessage) => {
    switch (message.t) {
      case "welcome":
        // The log's entries follow at once; the picture is repainted once the room's start is on the canvas.
        sync.startShown = false;
        sync.welcomed(message.you.slot, message.room.start);
        sync.pictures.welcomed(message.picture, sync.state?.through ?? 0);
        // The host's drawing from the drawing page comes in once, into the room it just made.
        if (sync.state?.through === 0 && message.you.host) bringDrawing(sync, id, frames);
        void showStart(engine, message.room.start, mascot).then(() => {
          sync.startShown = true;
          sync.repaintIfStale();
        });
        layer.setPeople(message.people);
        return update({ phase: "live", you: message.you, people: message.people, notice: null });
      case "people": {
        layer.setPeople(message.people);
        const you = message.people.find((person) => person.slot === view.you?.slot) ?? view.you;
        return update({ people: message.people, you });
      }
      case "role":
        return update({ you: view.you && { ...view.you, role: message.role }, notice: message.message });
      case "refused":
        sync.settle(message.opIds);
        return update({ notice: message.message });
      case "ack":
        return sync.settle(message.opIds);
      case "pictures":
        return sync.pictures.schedule(message.picture);
      case "notice":
        return update({ notice: message.message });
      case "bye":
        return update({ notice: message.message });
    }
  };
  const binary = (bytes: Uint8Array) => {
    switch (bytes[0]) {
      case FRAME.batch:
        return decodeBatch(bytes).forEach(binary);
      case FRAME.picture:
        return sync.pictures.received(decodePicture(bytes));
      case FRAME.snapshot:
        return sync.snapshot(decodeSnapshot(bytes, frames));
      case FRAME.entries:
        return sync.entries(decodeEntries(bytes, frames));
      case FRAME.live: {
        const live = decodeLive(bytes, frames, true);
        // This page's own strokes and pointer are on its canvas already (another tab of the same browser's too).
        if (live.slot === view.you?.slot) return;
        const first = (live.flags & LIVE_FIRST) !== 0;
        return layer.live(live.slot, live.strokeId, first, (live.flags & LIVE_END) !== 0, live.stroke);
      }
      case FRAME.pointer: {
        const pointer = decodePointer(bytes, true);
        if (pointer.slot === view.you?.slot) return;
        return layer.pointer(pointer.slot, pointer.at);
      }
    }
  };
  const early = takeEarly(id);
  const events: ConnectionEvents = {
    opened: () => {
      const name = savedName();
      const host = hostSecretOf(id);
      connection.send({
        t: "hello",
        ...(name === undefined ? {} : { name }),
        ...(host === undefined ? {} : { host }),
        ...(sync.state === null ? {} : { since: sync.state.through }),
      });
    },
    text,
    binary,
    lost: ({ retrying, code, message }) => {
      sync.disconnected();
      const ended = code === ROOM_CLOSE.ended || code === ROOM_CLOSE.notFound;
      update({ phase: retrying ? "reconnecting" : ended ? "ended" : "closed", notice: message });
    },
  };
  const connection = early?.connection ?? new RoomConnection(roomSocketUrl(id), events);
  const stopChange = engine.on("change", (change) => {
    sync.engineChanged(change);
    update({});
  });
  const stopCapture = captureLive(engine, canvas, send, () => sync.strokeOpId);
  engine.shareHistory(sync);
  if (early === undefined) connection.connect();
  else early.replay(events);

  return {
    view: () => view,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    command: (command: HostCommand) => connection.send(command),
    rename: (name: string) => connection.send({ t: "name", name }),
    stop: () => {
      clearTimeout(noticeTimer);
      connection.stop();
      stopChange();
      stopCapture();
      sync.stop();
      layer.destroy();
    },
  } satisfies RoomSession;
}
