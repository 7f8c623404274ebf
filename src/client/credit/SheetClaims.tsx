import { namePagePath } from "../../common/credit.ts";
import type { CurrentPrompt } from "../../common/prompts.ts";
import type { SavedStatus } from "../save/save-status.ts";
import { currentSignature } from "./signature.ts";

/**
 * The save sheet's line about the drawing's name and prompt, as stored: "Signed @fred · Entered in “Fred at the
 * beach”". A picture is stored once, with the name and entry of the save that stored it: when the sheet shows
 * a picture already stored and "Sign it" now says something else, it says why the name did not change.
 */
export function SheetClaims({
  saved,
  prompt,
}: {
  readonly saved: SavedStatus;
  readonly prompt: CurrentPrompt | undefined;
}) {
  const name = saved.name ?? null;
  const entered = saved.prompt != null && saved.prompt === prompt?.id ? prompt.title : null;
  const typed = currentSignature().name.trim();
  const kept = saved.alreadyStored === true && saved.name !== undefined && typed !== (name ?? "");
  if (name === null && entered === null && !kept) return null;
  return (
    <p className="sheet__claims">
      {name === null ? (
        "Not signed"
      ) : (
        <>
          Signed <a href={namePagePath(name)}>{name}</a>
        </>
      )}
      {entered === null ? null : (
        <>
          {" · "}Entered in <q>{entered}</q>
        </>
      )}
      {kept ? (
        <span className="sheet__kept">
          {" "}
          — it was saved before, so it keeps that; change anything in the drawing to save it signed anew.
        </span>
      ) : null}
    </p>
  );
}
