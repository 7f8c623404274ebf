import { HttpError } from "../http/errors.ts";
import type { CheckedMaking, NewDrawing } from "./queries.ts";

/**
 * Refuses a making that does not start where the drawing did: a remix's log starts from the drawing it remixes
 * (by id), any other log from the mascot or white. A log that starts elsewhere would replay onto another picture
 * than the one its PNG was drawn on.
 */
export function checkMakingStart(making: CheckedMaking | undefined, remixOf: string | undefined): void {
  if (making === undefined) return;
  const startsFrom = making.start.kind === "drawing" ? making.start.id : undefined;
  if (startsFrom === remixOf) return;
  const said = remixOf === undefined ? "no remixOf" : `remixOf ${remixOf}`;
  const logged = startsFrom === undefined ? `the ${making.start.kind}` : `the drawing ${startsFrom}`;
  throw new HttpError(
    400,
    "making_start_mismatch",
    `The drawing's making starts from ${logged}, but the save names ${said}: a remix's log starts from the drawing it remixes. Save the picture alone, or send remixOf as the log's start.`,
  );
}

/**
 * The drawing as it is stored: a making that starts from a remixed drawing is kept only while that drawing's
 * link is (withVisibleOriginal drops it when the original is off the wall), since its timelapse would start from
 * a picture the public may not see. The PNG is stored either way.
 */
export function withPlayableMaking(drawing: NewDrawing): NewDrawing {
  const start = drawing.making?.start;
  if (start?.kind !== "drawing" || start.id === drawing.remixOf) return drawing;
  return { ...drawing, making: undefined };
}
