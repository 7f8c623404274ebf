/** The moderators' pages as data, for the server-rendering bundle (see server-pages.ts). No DOM, no Node. */
import type { Prompt } from "./prompts.ts";
import type { ReactionCounts } from "./reactions.ts";
import type { TimelapseElementData } from "./timelapse-element.ts";

/** The drawings' lists a moderator can open. */
export type AdminFilter = "newest" | "reported" | "pending" | "hidden";
export const ADMIN_FILTERS: readonly AdminFilter[] = ["newest", "reported", "pending", "hidden"];

/** The admin's sections: the drawings' filters, then the blocked names, the prompts and the live rooms. */
export type AdminSection = AdminFilter | "names" | "prompts" | "rooms";

/** A drawing in the moderation list. */
export interface AdminDrawing {
  readonly id: string;
  readonly createdAt: string;
  readonly status: "visible" | "pending" | "hidden" | "deleted";
  /** Reports since the last review (all reports when never reviewed). */
  readonly reportCount: number;
  /** Its reactions, kept while it is off the wall (the public sees them again if it comes back). */
  readonly reactions: ReactionCounts;
  /** The drawing it remixes, whatever that one's status (the public sees the link only while it is visible). */
  readonly remixOf: string | null;
  /** The name it is signed with (moderators see a blocked one too); null for none. */
  readonly name: string | null;
  /** Whether it has a timelapse (its making is stored). */
  readonly making: boolean;
}

/** A blocked name in the names' list. */
export interface BlockedNameRow {
  readonly name: string;
  readonly blockedAt: string;
}

/** A prompt in the prompts' list, and where it was set. */
export interface PromptRow extends Prompt {
  readonly source: "branding" | "admin";
}

/** A live room in the rooms' list, with how many people this process sees in it now. */
export interface RoomRow {
  readonly id: string;
  readonly createdAt: string;
  readonly lastActiveAt: string;
  readonly endedAt: string | null;
  readonly entries: number;
  readonly people: number;
  readonly here: number;
}

/** Every moderator's page, by kind; `community` is the branding's title and `now` the time ages count to. */
export type AdminPage =
  | { readonly kind: "admin-login"; readonly community: string; readonly problem?: string | undefined }
  | { readonly kind: "admin-error"; readonly community: string; readonly message: string }
  | {
      readonly kind: "admin-list";
      readonly community: string;
      readonly filter: AdminFilter;
      readonly drawings: readonly AdminDrawing[];
      readonly now: number;
    }
  | { readonly kind: "admin-names"; readonly community: string; readonly names: readonly BlockedNameRow[] }
  | {
      readonly kind: "admin-prompts";
      readonly community: string;
      readonly prompts: readonly PromptRow[];
      readonly now: number;
    }
  | {
      readonly kind: "admin-rooms";
      readonly community: string;
      readonly rooms: readonly RoomRow[];
      readonly now: number;
    }
  | {
      readonly kind: "admin-timelapse";
      readonly community: string;
      readonly id: string;
      readonly timelapse: TimelapseElementData;
      /** The permalink page's built script, which plays it; undefined without a build (the page says so). */
      readonly script: string | undefined;
    };

/** The admin page's action that removes a drawing's timelapse alone (its making), keeping the drawing. */
export const REMOVE_TIMELAPSE = "remove-timelapse";
