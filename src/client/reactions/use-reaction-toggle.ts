/** A reaction on a wall card: shown at once, then settled on the server's answer (or taken back on failure). */
import { useCallback, useRef } from "react";
import type { GalleryItem } from "../../common/api.ts";
import type { ReactionKind } from "../../common/reactions.ts";
import { withReactionChanges, withToggledReaction, withUndoneReaction } from "../wall/wall-list.ts";
import { toggleReaction } from "./react-drawing.ts";
import { REACTION_FAILED } from "./reaction-failed.ts";

/**
 * Returns `toggle(item, kind)`: the card shows the new count and pressed state at once (its version is kept,
 * so any newer count, live or answered, replaces it), then the server's answer; a failed toggle is undone on
 * the card (see withUndoneReaction) and `onFailure` says why. One toggle per card and kind at a time: a click
 * while one is on its way is ignored, so counts never drift by a double click.
 */
export function useReactionToggle(
  updateItems: (change: (items: readonly GalleryItem[]) => readonly GalleryItem[]) => void,
  onFailure: (message: string) => void,
): (item: GalleryItem, kind: ReactionKind) => void {
  const inFlight = useRef(new Set<string>());
  return useCallback(
    (item: GalleryItem, kind: ReactionKind) => {
      const key = `${item.id}/${kind}`;
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      const give = !(item.reacted ?? []).includes(kind);
      updateItems((items) => withToggledReaction(items, item.id, kind, give));
      void toggleReaction(item.id, kind, give).then((answer) => {
        inFlight.current.delete(key);
        if (typeof answer === "string") {
          // Back to the card as it was clicked, not one step back: a newer live count may have come meanwhile.
          updateItems((items) => withUndoneReaction(items, item, kind));
          onFailure(REACTION_FAILED[answer]);
        } else {
          updateItems((items) => withReactionChanges(items, [{ id: item.id, ...answer }]));
        }
      });
    },
    [updateItems, onFailure],
  );
}
