import type { GalleryItem } from "../../common/api.ts";
import { REACTION_KINDS, REACTION_NAMES, type ReactionKind } from "../../common/reactions.ts";
import { Icon } from "../page/Icon.tsx";

/**
 * A card's three reactions: toggle buttons with their counts, pressed for the ones this visitor gave. Each
 * button's name says the reaction and its count ("Heart, 3 reactions"), so a screen reader hears both.
 */
export function ReactionBar({
  item,
  onToggle,
}: {
  readonly item: GalleryItem;
  readonly onToggle: (item: GalleryItem, kind: ReactionKind) => void;
}) {
  return (
    <fieldset className="reactions">
      <legend className="visually-hidden">Reactions</legend>
      {REACTION_KINDS.map((kind) => {
        const count = item.reactions[kind];
        const pressed = (item.reacted ?? []).includes(kind);
        return (
          <button
            key={kind}
            type="button"
            className="reaction"
            data-kind={kind}
            aria-pressed={pressed}
            aria-label={`${REACTION_NAMES[kind]}, ${count} ${count === 1 ? "reaction" : "reactions"}`}
            onClick={() => onToggle(item, kind)}
          >
            <Icon name={`reaction-${kind}`} />
            <span className="reaction__count">{count}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
