import type { LucideIcon } from "lucide-react";

/** A decorative icon in a tile: `className` gives the tile its shape, padding and colours. */
export function IconTile({
  icon: Icon,
  className,
  iconClassName = "size-5",
}: {
  icon: LucideIcon;
  className: string;
  iconClassName?: string;
}) {
  return (
    <span className={className}>
      <Icon className={iconClassName} aria-hidden />
    </span>
  );
}
