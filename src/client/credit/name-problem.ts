/** Why "Sign it" cannot take a name, for the field to say as the visitor types; loaded with the first name typed. */
import { readCredit } from "../../common/credit.ts";

/** The refusal's sentence, or "" for a name (or none) the server will take. */
export function nameProblem(raw: string): string {
  const read = readCredit(raw);
  return read.kind === "refused" ? read.problem : "";
}
