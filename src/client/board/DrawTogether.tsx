import { useState } from "react";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { Icon } from "../page/Icon.tsx";
import "./draw-together.css";

/**
 * "Draw together": makes a live room from the drawing on the board and opens its link (the room's code is
 * fetched on the click). The drawing made alone also stays in this browser's backup, on the drawing page.
 */
export function DrawTogether({
  disabled,
  engine,
}: {
  readonly disabled: boolean;
  readonly engine: DrawingEngine | null;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const start = async () => {
    setBusy(true);
    setProblem("");
    const failure = await import("../rooms/start-room.ts").then(
      (module) => module.startRoom(engine === null || engine.isUntouched ? null : engine.document),
      () => "The room's code could not be loaded; check the connection and try again.",
    );
    setBusy(false);
    setProblem(failure);
  };
  return (
    <>
      <button type="button" className="draw-together__button" disabled={disabled || busy} onClick={start}>
        <Icon name={busy ? "spinner" : "people"} />
        Draw together
      </button>
      {problem !== "" && (
        <p className="draw-together__problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
