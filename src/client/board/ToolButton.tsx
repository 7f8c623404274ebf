import type { ButtonHTMLAttributes } from "react";
import { Icon, type IconName } from "../page/Icon.tsx";

/** Props of a tool button: its icon, its name, and whether the label shows or only names it for assistive tech. */
export interface ToolButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly icon: IconName;
  readonly label: string;
  /** Icon only (the label is the accessible name and the tooltip), for the tight rows of the panel. */
  readonly iconOnly?: boolean;
}

/**
 * A square-ish button of the tool panel. A pressed one (aria-pressed) shows a ring in the accent colour on a
 * light tint, never the primary action's solid fill, so the current tool and Save never look alike.
 */
export function ToolButton({ icon, label, iconOnly = false, className, ...button }: ToolButtonProps) {
  return (
    <button
      type="button"
      className={`tool${iconOnly ? " tool--icon" : ""}${className ? ` ${className}` : ""}`}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      {...button}
    >
      <Icon name={icon} />
      {iconOnly ? null : <span className="tool__label">{label}</span>}
    </button>
  );
}
