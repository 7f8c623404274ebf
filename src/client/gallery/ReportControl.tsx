import { useEffect, useRef, useState } from "react";
import { type ReportOutcome, reportDrawing } from "./report-drawing.ts";

type ReportState = "idle" | "confirming" | "sending" | Exclude<ReportOutcome, "reported">;

const NOTICE: Partial<Record<ReportState, string>> = {
  "rate-limited": "Too many reports just now — try again later",
  failed: "Couldn't send the report — try again",
};

/**
 * The small "Report drawing" button with an inline confirmation (no window.confirm, which blocks the page and
 * which assistive technology handles poorly). On 202 the parent hides the drawing and says "Reported".
 */
export function ReportControl({ id, onReported }: { readonly id: string; readonly onReported: () => void }) {
  const [state, setState] = useState<ReportState>("idle");
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state === "confirming") confirmRef.current?.focus();
  }, [state]);

  async function send(): Promise<void> {
    setState("sending");
    const outcome = await reportDrawing(id);
    if (outcome === "reported") onReported();
    else setState(outcome);
  }

  if (state === "confirming" || state === "sending") {
    return (
      <div className="wall__confirm">
        <span>Report this drawing?</span>
        <button
          ref={confirmRef}
          type="button"
          className="wall__mini"
          disabled={state === "sending"}
          onClick={() => void send()}
        >
          Yes, report
        </button>
        <button type="button" className="wall__mini" onClick={() => setState("idle")}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="wall__confirm">
      <button type="button" className="wall__mini" onClick={() => setState("confirming")}>
        Report drawing
      </button>
      <span className="wall__notice" aria-live="polite">
        {NOTICE[state] ?? ""}
      </span>
    </div>
  );
}
