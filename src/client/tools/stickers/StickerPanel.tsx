import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { ToolPanelActions } from "../ToolPanelActions.tsx";
import type { ToolContext } from "../tool.ts";
import { useRevealInPanel } from "../use-reveal-in-panel.ts";
import { type StickerEntry, stickerCatalogue } from "./catalogue.ts";
import { communityStickers } from "./community-stickers.ts";
import type { StickerEditing } from "./use-sticker.ts";

/** Props of the sticker panel. */
export interface StickerPanelProps {
  readonly editing: StickerEditing;
  /** The sticker a tap on the drawing places; null until one is chosen. */
  readonly armed: string | null;
  /** Chooses a sticker for taps; `placeNow` (chosen from the keyboard) also places it in the middle. */
  readonly onChoose: (entry: StickerEntry, placeNow: boolean) => void;
  readonly onClose: () => void;
}

/** The middle of the drawing, where a sticker chosen from the keyboard is placed. */
const MIDDLE = { x: 300, y: 300 };

/** Stickers' options in the panel (its descriptor's Panel). */
export function StickerToolPanel({ context }: { readonly context: ToolContext }) {
  const { sticker } = context;
  return (
    <StickerPanel
      editing={sticker}
      armed={sticker.armed?.id ?? null}
      onChoose={(entry, placeNow) => {
        sticker.arm(entry);
        if (placeNow) void sticker.place(entry, MIDDLE);
      }}
      onClose={context.leave}
    />
  );
}

/**
 * The stickers: Fanvas's own, then the community's from the branding file. Choosing one arms it (a tap on
 * the drawing places it); chosen with the keyboard, it is placed in the middle at once. Escape closes.
 */
export function StickerPanel({ editing, armed, onChoose, onClose }: StickerPanelProps) {
  const [entries, setEntries] = useState(() => stickerCatalogue());
  useEffect(() => {
    let current = true;
    void communityStickers().then((stickers) => {
      if (current && stickers.length > 0) setEntries(stickerCatalogue(stickers));
    });
    return () => {
      current = false;
    };
  }, []);
  const section = useRef<HTMLElement>(null);
  useRevealInPanel(section, editing.placed !== null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    onClose();
  };
  const choose = (entry: StickerEntry) => (event: MouseEvent<HTMLButtonElement>) =>
    // detail 0: pressed with Enter or Space rather than clicked.
    onChoose(entry, event.detail === 0);

  return (
    <section ref={section} className="tool-panel sticker-panel" aria-label="Stickers" onKeyDown={onKeyDown}>
      <p className="tool-panel__help">
        {editing.placed === null
          ? "Choose a sticker, then tap the drawing to place it."
          : "Drag to move, corner to resize, the other handle to turn (or two fingers). Enter or Done places it."}
      </p>
      {/* Before the choices: on a phone they run below the first screen, and Done must not. */}
      {editing.placed !== null && (
        <ToolPanelActions place="Done" onPlace={() => editing.commit()} onCancel={() => editing.cancel()} />
      )}
      <div className="sticker-panel__grid">
        {entries.map((entry) => (
          <button
            key={entry.id}
            type="button"
            className="sticker-panel__choice"
            aria-pressed={armed === entry.id}
            title={entry.name}
            onClick={choose(entry)}
          >
            <img src={entry.src} alt={entry.name} width={44} height={44} crossOrigin="anonymous" />
          </button>
        ))}
      </div>
    </section>
  );
}
