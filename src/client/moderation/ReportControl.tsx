import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "../page/Icon.tsx";
import { type ReportOutcome, reportDrawing } from "./report-drawing.ts";
import "./report-control.css";

type ReportState = "closed" | "menu" | "confirming" | "sending" | Exclude<ReportOutcome, "reported">;

const NOTICE: Partial<Record<ReportState, string>> = {
  "rate-limited": "Too many reports just now — try again later",
  failed: "Couldn't send the report — try again",
};

/**
 * A quiet "More" button on each card that opens a small menu holding "Report drawing", then an inline
 * confirmation (no window.confirm, which blocks the page and which assistive technology handles poorly).
 * Escape closes the menu. On 202 the parent hides the drawing and says "Reported".
 */
export function ReportControl({
  id,
  drawingName,
  onReported,
}: {
  readonly id: string;
  /** How the card names its drawing ("the fan drawing from 27 Nov 2026, 16:04"), so each menu's button differs. */
  readonly drawingName: string;
  readonly onReported: () => void;
}) {
  const [state, setState] = useState<ReportState>("closed");
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const open = state === "menu" || state === "confirming" || state === "sending";

  useEffect(() => {
    if (state === "menu" || state === "confirming") firstRef.current?.focus();
  }, [state]);

  async function send(): Promise<void> {
    setState("sending");
    const outcome = await reportDrawing(id);
    if (outcome === "reported") onReported();
    else setState(outcome);
  }

  function close(): void {
    setState("closed");
    toggleRef.current?.focus();
  }

  return (
    <div className="report">
      <button
        ref={toggleRef}
        type="button"
        className="report__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close() : setState("menu"))}
      >
        <Icon name="more" />
        <span className="visually-hidden">More actions for {drawingName}</span>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu from any of its buttons. */}
      <div
        id={menuId}
        className="report__menu"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
      >
        {state === "menu" ? (
          <button
            ref={firstRef}
            type="button"
            className="report__item"
            onClick={() => setState("confirming")}
          >
            <Icon name="flag" />
            Report drawing
          </button>
        ) : (
          <>
            <p className="report__question">Report this drawing to the moderators?</p>
            <button
              ref={firstRef}
              type="button"
              className="report__item report__item--danger"
              disabled={state === "sending"}
              onClick={() => void send()}
            >
              Yes, report
            </button>
            <button type="button" className="report__item" onClick={close}>
              Cancel
            </button>
          </>
        )}
      </div>
      <span className="report__notice" aria-live="polite">
        {NOTICE[state] ?? ""}
      </span>
    </div>
  );
}
