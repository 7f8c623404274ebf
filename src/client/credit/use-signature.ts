/** The signature store (signature.ts) in React. */
import { useSyncExternalStore } from "react";
import { currentSignature, SERVER_SIGNATURE, type Signature, subscribeSignature } from "./signature.ts";

/** The signature, re-rendering when it changes; the server renders an empty field and a ticked box. */
export function useSignature(): Signature {
  return useSyncExternalStore(subscribeSignature, currentSignature, () => SERVER_SIGNATURE);
}
