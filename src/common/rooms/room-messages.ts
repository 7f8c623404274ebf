import type { StartingPicture } from "../drawing-document/types.ts";

// A room's text frames: JSON control messages both ways (binary frames, room-frames.ts, carry the drawing).

/** How a person is in the room: drawing, or watching (the room has as many drawers as it seats). */
export type RoomRole = "drawer" | "watcher";

/** Someone in the room, as everyone sees them. */
export interface RoomPerson {
  readonly slot: number;
  readonly name: string;
  /** #rrggbb: their pointer's and name's colour. */
  readonly colour: string;
  readonly role: RoomRole;
  readonly host: boolean;
}

/** A host's control, sent as text. */
export type HostCommand =
  | { readonly t: "lock" }
  | { readonly t: "unlock" }
  | { readonly t: "remove"; readonly slot: number }
  | { readonly t: "kick"; readonly slot: number }
  | { readonly t: "ban"; readonly slot: number }
  | { readonly t: "end" };

/** What a page sends as text. */
export type ClientMessage =
  /** First: who they are (a name, or the server makes one up), the host's secret, the last seq they hold. */
  | { readonly t: "hello"; readonly name?: string; readonly host?: string; readonly since?: number }
  | { readonly t: "name"; readonly name: string }
  | HostCommand;

/**
 * How often a page sends the room's picture (0: never), the seq of the one held (0: none), and on a guest's
 * page how long the log stands still before one is taken.
 */
export interface PictureSchedule {
  readonly every: number;
  readonly through: number;
  readonly quietMs?: number;
}

/** What the server sends as text. */
export type ServerMessage =
  | {
      readonly t: "welcome";
      readonly you: RoomPerson;
      readonly room: { readonly id: string; readonly start: StartingPicture };
      readonly people: readonly RoomPerson[];
      /**
       * To the host's page (and drawers' while no host's page is in the room): how often it sends the room's
       * picture, the seq of the one held (0: none), and on a guest's page how long the log stands still first.
       */
      readonly picture?: PictureSchedule;
    }
  /** To guests' pages when the host's page came (every 0: they stop) or the last one left (they send it). */
  | { readonly t: "pictures"; readonly picture: PictureSchedule }
  | { readonly t: "people"; readonly people: readonly RoomPerson[] }
  | { readonly t: "role"; readonly role: RoomRole; readonly message: string }
  /** Entries of the page's that the log did not take (and why); the page drops them. */
  | {
      readonly t: "refused";
      readonly opIds: readonly number[];
      readonly code: string;
      readonly message: string;
    }
  /** Entries the log already held (sent again after a reconnect). */
  | { readonly t: "ack"; readonly opIds: readonly number[] }
  | { readonly t: "notice"; readonly code: string; readonly message: string }
  /** Sent just before the server closes the socket: the whole reason (a close frame's reason is short). */
  | { readonly t: "bye"; readonly code: number; readonly reason: string; readonly message: string };

/** A name a person shows: 1 to 24 characters, no line breaks or control characters. */
export const MAX_NAME_LENGTH = 24;

/** The name as shown (trimmed, spaces collapsed), or undefined when it cannot be one. */
export function cleanName(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 200) return undefined;
  const name = value.replace(/\s+/g, " ").trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (name.length === 0 || [...name].length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(name))
    return undefined;
  return name;
}

const HOST_COMMANDS = ["lock", "unlock", "end"] as const;
const SLOT_COMMANDS = ["remove", "kick", "ban"] as const;

/** Reads a page's text frame; a string saying what is wrong when it is not a message of ours. */
export function parseClientMessage(text: string): ClientMessage | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "a text message must be JSON";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "a message is a JSON object";
  const message = value as Record<string, unknown>;
  const t = message.t;
  if (t === "hello") {
    const name = message.name === undefined ? undefined : cleanName(message.name);
    if (message.name !== undefined && name === undefined)
      return `a name is 1 to ${MAX_NAME_LENGTH} characters`;
    if (message.host !== undefined && (typeof message.host !== "string" || message.host.length > 100))
      return "the host secret is a short text";
    const since = message.since;
    if (since !== undefined && !(Number.isSafeInteger(since) && (since as number) >= 0))
      return "since is a seq, a whole number";
    return {
      t,
      ...(name === undefined ? {} : { name }),
      ...(typeof message.host === "string" ? { host: message.host } : {}),
      ...(since === undefined ? {} : { since: since as number }),
    };
  }
  if (t === "name") {
    const name = cleanName(message.name);
    return name === undefined ? `a name is 1 to ${MAX_NAME_LENGTH} characters` : { t, name };
  }
  if (HOST_COMMANDS.some((command) => command === t)) return { t } as HostCommand;
  if (SLOT_COMMANDS.some((command) => command === t)) {
    const slot = message.slot;
    if (!Number.isInteger(slot) || (slot as number) < 0 || (slot as number) > 1023)
      return "slot is a person's slot";
    return { t, slot } as HostCommand;
  }
  return `unknown message ${JSON.stringify(String(t)).slice(0, 40)}`;
}
