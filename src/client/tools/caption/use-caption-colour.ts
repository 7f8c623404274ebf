/** A colour chosen while a caption is open colours it. */
import { useEffect, useRef } from "react";
import type { CaptionEditing } from "./use-caption.ts";

/** Follows the brush colour into the open caption (the palette colours the caption being typed). */
export function useCaptionColour(caption: CaptionEditing, colour: string): void {
  const chosen = useRef(colour);
  const open = caption.caption !== null;
  const change = caption.change;
  useEffect(() => {
    if (chosen.current === colour) return;
    chosen.current = colour;
    if (open) change({ colour });
  });
}
