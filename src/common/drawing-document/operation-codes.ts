/** The bytes that name kinds in the format. Append new ones; never renumber (old logs must keep reading). */
import type { OperationKind, StartingPicture } from "./types.ts";

/** Operation kinds by their byte. */
export const OPERATION_KINDS: readonly OperationKind[] = ["stroke", "caption", "sticker", "fill", "clear"];

/** Starting pictures' kinds by their byte. */
export const START_KINDS: readonly StartingPicture["kind"][] = ["mascot", "white", "drawing"];
