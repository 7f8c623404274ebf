import { Fragment, useEffect, useId, useRef } from "react";
import { isTypingTarget, SHORTCUT_HELP } from "../keyboard/shortcuts.ts";

/** Props of the shortcuts help: open state is owned by the board, since the "?" key toggles it too. */
export interface ShortcutsHelpProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/**
 * A "Shortcuts" button and the small non-modal panel it shows. Opening moves focus into the panel; Escape
 * (or the button, "?" or Close) hides it and puts focus back where it was before, unless the visitor has
 * since moved focus somewhere else on purpose.
 */
export function ShortcutsHelp({ open, onOpenChange }: ShortcutsHelpProps) {
  const panelId = useId();
  const headingId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // undefined until the panel has been opened once, so the first render moves no focus.
  const returnFocusTo = useRef<HTMLElement | null | undefined>(undefined);

  useEffect(() => {
    if (open) {
      const active = document.activeElement;
      returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      panelRef.current?.focus();
      return;
    }
    if (returnFocusTo.current === undefined) return;
    const previous = returnFocusTo.current;
    returnFocusTo.current = undefined;
    if (!focusWouldBeLost(panelRef.current, toggleRef.current)) return;
    (previous?.isConnected ? previous : toggleRef.current)?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (event.target instanceof HTMLElement && isTypingTarget(event.target)) return;
      event.preventDefault();
      onOpenChange(false);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, onOpenChange]);

  return (
    <div className="shortcuts">
      <button
        ref={toggleRef}
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={panelId}
        aria-keyshortcuts="?"
        onClick={() => onOpenChange(!open)}
      >
        Shortcuts
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className="shortcuts__panel"
        role="dialog"
        aria-labelledby={headingId}
        tabIndex={-1}
        hidden={!open}
      >
        <h2 id={headingId} className="shortcuts__title">
          Keyboard shortcuts
        </h2>
        <dl className="shortcuts__list">
          {SHORTCUT_HELP.map(({ keys, description }) => (
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
        <button type="button" className="button button--small" onClick={() => onOpenChange(false)}>
          Close
        </button>
      </div>
    </div>
  );
}

/** True when focus sits in the panel being hidden, on its toggle, or nowhere: then it must be put back. */
function focusWouldBeLost(panel: HTMLElement | null, toggle: HTMLElement | null): boolean {
  const active = document.activeElement;
  return (
    active === null || active === document.body || active === toggle || (panel?.contains(active) ?? false)
  );
}
