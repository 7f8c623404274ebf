import { Fragment, type RefObject, useEffect, useId, useMemo, useRef } from "react";
import { commandKeyFor, shortcutHelp } from "./shortcut-help.ts";
import { isTypingTarget } from "./shortcuts.ts";
import "./shortcuts-panel.css";

/** Props of the help panel: its id (the toggle's aria-controls), the toggle, and how to close it. */
export interface ShortcutsPanelProps {
  readonly id: string;
  readonly toggleRef: RefObject<HTMLButtonElement | null>;
  readonly onClose: () => void;
}

/**
 * The small non-modal shortcuts help, in its own chunk: mounted while open. Opening moves focus into it;
 * Escape (or "?", the toggle or Close) closes it and puts focus back where it was before, unless the visitor
 * has since moved focus somewhere else on purpose. Keys show this platform's modifier only.
 */
export function ShortcutsPanel({ id, toggleRef, onClose }: ShortcutsPanelProps) {
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const entries = useMemo(() => shortcutHelp(commandKeyFor(navigator)), []);

  useEffect(() => {
    const active = document.activeElement;
    const previous = active instanceof HTMLElement && active !== document.body ? active : null;
    const panel = panelRef.current;
    panel?.focus();
    return () => {
      if (!focusWouldBeLost(panel, toggleRef.current)) return;
      (previous?.isConnected ? previous : toggleRef.current)?.focus();
    };
  }, [toggleRef]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (event.target instanceof HTMLElement && isTypingTarget(event.target)) return;
      event.preventDefault();
      onClose();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  return (
    <div
      ref={panelRef}
      id={id}
      className="shortcuts__panel"
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 id={headingId} className="shortcuts__title">
        Keyboard shortcuts
      </h2>
      <dl className="shortcuts__list">
        {entries.map(({ keys, description }) => (
          <Fragment key={description}>
            <dt>
              {keys.map((combo, i) => (
                <Fragment key={combo.join("+")}>
                  {i > 0 && <span className="shortcuts__or"> or </span>}
                  <span className="shortcuts__combo">
                    {combo.map((name, j) => (
                      <Fragment key={name}>
                        {j > 0 && "+"}
                        <kbd>{name}</kbd>
                      </Fragment>
                    ))}
                  </span>
                </Fragment>
              ))}
            </dt>
            <dd>{description}</dd>
          </Fragment>
        ))}
      </dl>
      <button type="button" className="shortcuts__close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** True when focus sits in the panel being removed, on its toggle, or nowhere: then it must be put back. */
function focusWouldBeLost(panel: HTMLElement | null, toggle: HTMLElement | null): boolean {
  const active = document.activeElement;
  return (
    active === null || active === document.body || active === toggle || (panel?.contains(active) ?? false)
  );
}
