/**
 * A drawing's credit: the name it was signed with, a display name ("Fred the Frog") or an X handle ("@fred",
 * checked by X's rules and linked to the profile). A name is a claim, not an identity: anyone may sign any name.
 * No DOM, no Node: the page checks as the visitor types, the server checks what arrives, both with these rules.
 */
import { checkText } from "./text-rules.ts";

/** The most characters a name may have: X's own limit for a display name. */
export const MAX_NAME_CHARACTERS = 50;

/** X's rules for a handle: 1 to 15 letters, digits or underscores (new accounts need 4; older ones are shorter). */
const X_HANDLE = /^@([A-Za-z0-9_]{1,15})$/;
/** X lets no handle contain these words. */
const RESERVED_IN_HANDLES = /twitter|admin/i;

/** A name as a drawing keeps it. */
export interface Credit {
  /** As signed, tidied by the text rules: what cards, pages and posts show. */
  readonly name: string;
  /** What tells names apart (see creditKey): a name's page and a block are by this. */
  readonly key: string;
  /** The X handle without its @, when the name is one. */
  readonly handle?: string;
}

/** What a signature reads as: no name, a name, or why it cannot be used. */
export type ReadCredit =
  | { readonly kind: "none" }
  | { readonly kind: "credit"; readonly credit: Credit }
  | { readonly kind: "refused"; readonly problem: string };

/**
 * The key of a name: compatibility-normalised and lower-cased, so "@Fred", "@fred" and "Ｆｒｅｄ" written in
 * full-width letters are one name to its page and to a moderator's block, as X's handles are case-blind.
 */
export function creditKey(name: string): string {
  return name.normalize("NFKC").toLowerCase();
}

/** Reads what a visitor typed into "Sign it": empty is no name; a leading @ makes it an X handle. */
export function readCredit(raw: string): ReadCredit {
  const checked = checkText(raw, { what: "A name", maxCharacters: MAX_NAME_CHARACTERS });
  if (!checked.ok) return { kind: "refused", problem: checked.problem };
  const name = checked.text;
  if (name === "") return { kind: "none" };
  if (!name.startsWith("@")) return { kind: "credit", credit: { name, key: creditKey(name) } };
  const handle = X_HANDLE.exec(name)?.[1];
  if (handle === undefined) {
    return {
      kind: "refused",
      problem:
        "An X handle is @ and up to 15 letters, digits or underscores (X's rules); for a name that is not a handle, leave out the @.",
    };
  }
  if (RESERVED_IN_HANDLES.test(handle)) {
    return {
      kind: "refused",
      problem: `X gives no handle with "Twitter" or "Admin" in it; check @${handle}.`,
    };
  }
  return { kind: "credit", credit: { name, key: creditKey(name), handle } };
}

/** The credit of a name the store kept (already checked when it was signed); undefined for none. */
export function storedCredit(name: string | null | undefined): Credit | undefined {
  if (name === null || name === undefined || name === "") return undefined;
  const read = readCredit(name);
  return read.kind === "credit" ? read.credit : { name, key: creditKey(name) };
}

/** Where the drawings signed with a name are listed. */
export const NAME_PAGE_PREFIX = "/by/";

/** The page of a name's drawings, e.g. "/by/%40fred". */
export function namePagePath(name: string): string {
  return `${NAME_PAGE_PREFIX}${encodeURIComponent(name)}`;
}

/** The X profile of a handle (without its @). */
export function xProfileUrl(handle: string): string {
  return `https://x.com/${encodeURIComponent(handle)}`;
}
