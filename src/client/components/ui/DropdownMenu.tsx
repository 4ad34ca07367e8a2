import { cloneElement, isValidElement, type KeyboardEvent, type ReactElement, type ReactNode, useState } from "react";

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  tone?: "default" | "danger";
}

export interface DropdownMenuProps {
  trigger: ReactNode;
  items: MenuItem[];
  label: string;
}

type OpenMenu = typeof import("./DropdownMenuOpen").DropdownMenuOpen;

let loaded: OpenMenu | null = null;
let loading: Promise<OpenMenu> | null = null;
/** The menu's code, fetched once (on hover or focus, so it is there when the button is pressed). */
function loadMenu(): Promise<OpenMenu> {
  loading ??= import("./DropdownMenuOpen").then((m) => {
    loaded = m.DropdownMenuOpen;
    return loaded;
  });
  return loading;
}

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A menu opened from a button (arrow keys move, Escape closes, focus returns). Until a member
 * first opens one, the page holds only the button: the menu's code (Radix, with its positioning)
 * is not part of any page's first load.
 */
export function DropdownMenu(props: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [Menu, setMenu] = useState<OpenMenu | null>(() => loaded);
  if (Menu) return <Menu {...props} open={open} onOpenChange={setOpen} />;

  const openMenu = () => {
    setOpen(true);
    void loadMenu().then((menu) => setMenu(() => menu));
  };
  if (!isValidElement(props.trigger)) return props.trigger;
  return cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: () => void loadMenu(),
    onFocus: () => void loadMenu(),
    onClick: openMenu,
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      openMenu();
    },
  });
}
