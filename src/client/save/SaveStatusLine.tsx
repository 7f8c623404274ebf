import { Icon, type IconName } from "../page/Icon.tsx";
import { type SaveStatus, type StatusTone, saveStatusText, saveStatusTone } from "./save-status.ts";
import "./save-status-line.css";

const TONE_ICON: Record<StatusTone, IconName | null> = {
  none: null,
  busy: "spinner",
  done: "check",
  warning: "alert",
  error: "alert",
  hint: "brush",
};

/**
 * The save status as a chip whose colour and icon tell progress, success, a retry and a failure apart at a
 * glance. The sentence sits in a polite live region (role="status"), alone, so a screen reader hears just it.
 * Its line keeps its height whatever it says, so a status arriving never moves the tools.
 */
export function SaveStatusLine({ status }: { readonly status: SaveStatus }) {
  const tone = saveStatusTone(status);
  const icon = TONE_ICON[tone];
  return (
    <div className="status" data-tone={tone}>
      {icon === null ? (
        <span className="status__hint">Saves to your device and the community wall</span>
      ) : (
        <Icon name={icon} />
      )}
      <span role="status">{saveStatusText(status)}</span>
    </div>
  );
}
