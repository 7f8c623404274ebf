import { useEffect, useId, useState } from "react";
import { restoreSignature, setSignatureEnter, setSignatureName } from "./signature.ts";
import { useRunningPrompt } from "./use-running-prompt.ts";
import { useSignature } from "./use-signature.ts";
import "./signature-problem.css";

/** Loaded with the first name typed (the save pipeline shares its rules), so the first screen carries none. */
const nameRules = () => import("./name-problem.ts");

/**
 * "Sign it": an optional name for the next Save (a display name or an @handle, remembered on this browser), and
 * while a prompt runs, "Enter <prompt>" (ticked by default). Server-rendered with the page; the name's rules
 * come with the save flow, and a name that breaks one says why under the field (Save then stores nothing).
 */
export function SignatureField() {
  const signature = useSignature();
  const prompt = useRunningPrompt();
  const fieldId = useId();
  const problemId = useId();
  const [problem, setProblem] = useState("");

  useEffect(restoreSignature, []);

  useEffect(() => {
    let current = true;
    if (signature.name.trim() === "") setProblem("");
    else
      void nameRules().then(
        ({ nameProblem }) => {
          if (current) setProblem(nameProblem(signature.name));
        },
        // Offline before the rules arrived: the save checks the name again.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [signature.name]);

  return (
    <div className="signature">
      <label className="signature__label" htmlFor={fieldId}>
        Sign it <span className="signature__optional">(optional)</span>
      </label>
      <input
        id={fieldId}
        className="signature__name"
        type="text"
        value={signature.name}
        placeholder="Your name or @handle"
        autoComplete="nickname"
        spellCheck={false}
        enterKeyHint="done"
        aria-invalid={problem === "" ? undefined : true}
        aria-describedby={problem === "" ? undefined : problemId}
        onChange={(event) => setSignatureName(event.target.value)}
      />
      {problem === "" ? null : (
        <p className="signature__problem" id={problemId}>
          {problem}
        </p>
      )}
      {prompt === undefined ? null : (
        <label className="signature__enter">
          <input
            type="checkbox"
            checked={signature.enter}
            onChange={(event) => setSignatureEnter(event.target.checked)}
          />
          <span>
            Enter <q className="signature__prompt">{prompt.title}</q>
            {/* Beside the canvas, under the banner that names it, the prompt is "the prompt". */}
            <span className="signature__the-prompt">the prompt</span>
          </span>
        </label>
      )}
    </div>
  );
}
