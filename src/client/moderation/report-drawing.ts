/** Reporting a drawing to the moderators. */
import { DRAWINGS_PATH } from "../../common/api.ts";

/** How a report went: accepted, refused for now (too many reports from this visitor), or failed. */
export type ReportOutcome = "reported" | "rate-limited" | "failed";

/** POSTs the report; never rejects. */
export async function reportDrawing(id: string): Promise<ReportOutcome> {
  try {
    const response = await fetch(`${DRAWINGS_PATH}/${encodeURIComponent(id)}/report`, {
      method: "POST",
      // JSON, never a bodiless post: the server takes reports only with a type no other site can send unasked.
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: "{}",
      cache: "no-store",
    });
    if (response.status === 202) return "reported";
    return response.status === 429 ? "rate-limited" : "failed";
  } catch {
    return "failed";
  }
}
