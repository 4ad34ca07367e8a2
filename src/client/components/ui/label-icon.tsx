import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The icon before a label (of a button, a badge): an icon component, drawn at the size the label
 * gives and hidden from assistive technology (the label says it all), or an element drawn as it is.
 */
export type LabelIcon = LucideIcon | ReactNode;

function isIconComponent(icon: LabelIcon): icon is LucideIcon {
  return typeof icon === "function" || (typeof icon === "object" && icon !== null && "render" in icon);
}

/** `icon` drawn before a label, an icon component at the size `sizeClass` sets. */
export function labelIcon(icon: LabelIcon, sizeClass: string): ReactNode {
  if (!isIconComponent(icon)) return icon;
  const Icon = icon;
  return <Icon className={sizeClass} aria-hidden />;
}
