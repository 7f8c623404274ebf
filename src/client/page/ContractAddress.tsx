import { useId } from "react";
import { type CopyState, useCopy } from "../share/use-copy.ts";
import { Icon } from "./Icon.tsx";

const BUTTON_TEXT: Record<CopyState, string> = { idle: "Copy", copied: "Copied", failed: "Copy failed" };

/** The contract-address line with a Copy button that confirms visibly and to screen readers. */
export function ContractAddress({ address }: { readonly address: string }) {
  const addressId = useId();
  const [state, copy] = useCopy();

  return (
    <p className="address">
      <span className="address__label">CA</span>
      <code className="address__value" id={addressId} title={address}>
        {address}
      </code>
      <button
        type="button"
        className="address__copy"
        aria-describedby={addressId}
        onClick={() => copy(address)}
      >
        <Icon name={state === "copied" ? "check" : "copy"} />
        {BUTTON_TEXT[state]}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : ""}
      </span>
    </p>
  );
}
