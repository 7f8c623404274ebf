/** What a drawing's permalink page says of its name and its prompt: plain HTML, every value escaped. */
import { type Credit, creditKey, namePagePath, storedCredit, xProfileUrl } from "../../common/credit.ts";
import { escapeHtml } from "../pages/index-html.ts";

/** A drawing's claims as its page shows them. */
export interface DrawingClaimsShown {
  /** The name it shows; null for none. */
  readonly credit: string | null;
  /** The prompt it was entered in, with its title; undefined for none. */
  readonly prompt?: { readonly id: string; readonly title: string } | undefined;
  /** Its place among that prompt's top three, once it ended. */
  readonly place: number | null;
}

const PLACES = ["1st", "2nd", "3rd"];

/** "1st", "2nd", "3rd" for a place among a prompt's top three; "" otherwise. */
export function placeName(place: number | null): string {
  return place === null ? "" : (PLACES[place - 1] ?? "");
}

/** The address of a prompt's tab on the wall (the wall opens the view its fragment names). */
export function promptTabPath(id: string): string {
  return `/#prompt=${encodeURIComponent(id)}`;
}

/**
 * "by @fred" (the name linking to its page of drawings, and a handle to its X profile: "on X"), and
 * "1st in Fred at the beach" or "Entered in Fred at the beach" with a link to the prompt's tab. The credit's
 * element carries its key, so the page's script hides it when a moderator removes or blocks the name live.
 */
export function drawingClaimsHtml(claims: DrawingClaimsShown): string {
  const credit = storedCredit(claims.credit);
  const lines = [credit === undefined ? "" : creditLine(credit), entryLine(claims)].filter(
    (line) => line !== "",
  );
  return lines.map((line) => `          ${line}`).join("\n");
}

function creditLine(credit: Credit): string {
  const name = escapeHtml(credit.name);
  const page = `<a href="${escapeHtml(namePagePath(credit.name))}">${name}</a>`;
  const profile =
    credit.handle === undefined
      ? ""
      : ` · <a href="${escapeHtml(xProfileUrl(credit.handle))}" rel="noopener noreferrer nofollow ugc" target="_blank">on X<span class="visually-hidden"> (opens in a new tab)</span></a>`;
  return `<p class="permalink__credit" data-credit-key="${escapeHtml(creditKey(credit.name))}">by ${page}${profile}</p>`;
}

function entryLine({ prompt, place }: DrawingClaimsShown): string {
  if (prompt === undefined) return "";
  const link = `<a href="${escapeHtml(promptTabPath(prompt.id))}">${escapeHtml(prompt.title)}</a>`;
  const placed = placeName(place);
  return placed === ""
    ? `<p class="permalink__entry">Entered in ${link}</p>`
    : `<p class="permalink__entry"><span class="permalink__place">${placed}</span> in ${link}</p>`;
}
