/**
 * What the next Save signs with and enters: the name typed into "Sign it" (remembered on this browser) and
 * whether the save enters the running prompt. A tiny store outside React (use-signature.ts is its hook): the
 * panel's field (first bundle) writes it, the save pipeline (its own chunk) reads it when Save is pressed.
 */

/** The signature as the visitor left it. */
export interface Signature {
  /** As typed; checked by the save pipeline (common/credit.ts) when Save is pressed. */
  readonly name: string;
  /** Enter the running prompt (on by default while one runs). */
  readonly enter: boolean;
}

/** Where the name is remembered on this browser (nothing else is kept: the checkbox starts on each visit). */
const STORAGE_KEY = "fanvas-signature";

/** What the server renders: an empty field and a ticked box. */
export const SERVER_SIGNATURE: Signature = { name: "", enter: true };

let signature: Signature = SERVER_SIGNATURE;
let restored = false;
const listeners = new Set<() => void>();

function change(next: Signature): void {
  signature = next;
  for (const listener of listeners) listener();
}

/** The name this browser signed with last time; read once, after the first render (the server knows none). */
export function restoreSignature(): void {
  if (restored) return;
  restored = true;
  try {
    const name = localStorage.getItem(STORAGE_KEY);
    if (name !== null && name !== signature.name) change({ ...signature, name });
  } catch {
    // Storage refused (private mode, a blocked cookie setting): the field starts empty each visit.
  }
}

/** Sets the name, and remembers it on this browser (an empty name forgets it). */
export function setSignatureName(name: string): void {
  change({ ...signature, name });
  try {
    if (name.trim() === "") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, name);
  } catch {
    // Not remembered; still used for this visit.
  }
}

/** Enters the running prompt, or not. */
export function setSignatureEnter(enter: boolean): void {
  change({ ...signature, enter });
}

/** The signature now (the save pipeline reads it when Save is pressed). */
export function currentSignature(): Signature {
  return signature;
}

/** Hears every change; returns the function that stops it. */
export function subscribeSignature(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
