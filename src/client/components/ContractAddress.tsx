import { useEffect, useId, useState } from "react";
import { copyText } from "../clipboard.ts";

/** How long "Copied" stays before the button reads "Copy" again. */
const CONFIRMATION_MS = 2000;

type CopyState = "idle" | "copied" | "failed";

const BUTTON_TEXT: Record<CopyState, string> = { idle: "Copy", copied: "Copied", failed: "Copy failed" };

/** The contract-address line with a Copy button that confirms visibly and to screen readers. */
export function ContractAddress({ address }: { readonly address: string }) {
  const addressId = useId();
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function handleCopy(): Promise<void> {
    setState((await copyText(address)) ? "copied" : "failed");
  }

  return (
    <p className="address">
      <span className="address__label">CA:</span>
      <code className="address__value" id={addressId} title={address}>
        {address}
      </code>
      <button
        type="button"
        className="button button--small"
        aria-describedby={addressId}
        onClick={handleCopy}
      >
        {BUTTON_TEXT[state]}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : ""}
      </span>
    </p>
  );
}
