/**
 * The permalink page's Report: an inline question (no window.confirm, which blocks the page and which assistive
 * technology handles poorly), then the report, as the wall's card menu does it.
 */
import { reportDrawing } from "../moderation/report-drawing.ts";

const REPORTED = "Reported — thank you. A moderator will look at it.";
const RATE_LIMITED = "Too many reports just now — try again later.";
const FAILED = "Couldn't send the report — try again.";

/**
 * Report opens the question held in the share element ([data-report-question]); "Yes, report" sends it, Cancel
 * and Escape close it, and focus goes back to Report each time.
 */
export function wireReport(
  root: HTMLElement,
  report: HTMLButtonElement,
  id: string,
  say: (text: string) => void,
): void {
  const question = root.parentElement?.querySelector<HTMLElement>("[data-report-question]");
  const yes = question?.querySelector<HTMLButtonElement>('button[data-answer="yes"]');
  const no = question?.querySelector<HTMLButtonElement>('button[data-answer="no"]');
  if (!question || !yes || !no) return;

  const close = () => {
    question.hidden = true;
    report.setAttribute("aria-expanded", "false");
    report.focus();
  };
  report.setAttribute("aria-expanded", "false");
  report.addEventListener("click", () => {
    if (report.getAttribute("aria-disabled") === "true") return;
    const opening = question.hidden;
    question.hidden = !opening;
    report.setAttribute("aria-expanded", String(opening));
    if (opening) yes.focus();
  });
  no.addEventListener("click", close);
  question.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  yes.addEventListener("click", async () => {
    yes.disabled = true;
    const outcome = await reportDrawing(id);
    yes.disabled = false;
    if (outcome === "reported") {
      // Still focusable (a disabled button would drop focus to the page), but done with.
      report.setAttribute("aria-disabled", "true");
      const label = report.querySelector("span");
      if (label) label.textContent = "Reported";
      close();
      say(REPORTED);
    } else {
      say(outcome === "rate-limited" ? RATE_LIMITED : FAILED);
    }
  });
}
