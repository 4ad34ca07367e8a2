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
  // A menu opened by a key before its code was here starts on its first item, as Radix's own does.
  const [byKey, setByKey] = useState(false);
  const [Menu, setMenu] = useState<OpenMenu | null>(() => loaded);
  if (Menu) {
    const onOpenChange = (next: boolean) => {
      setOpen(next);
      if (!next) setByKey(false);
    };
    return (
      <Menu
        {...props}
        open={open}
        onOpenChange={onOpenChange}
        focusFirstItem={byKey && open}
        onFirstItemFocused={() => setByKey(false)}
      />
    );
  }

  const openMenu = (withKey: boolean) => {
    setOpen(true);
    setByKey(withKey);
    void loadMenu().then((menu) => setMenu(() => menu));
  };
  if (!isValidElement(props.trigger)) return props.trigger;
  return cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: () => void loadMenu(),
    onFocus: () => void loadMenu(),
    onClick: () => openMenu(false),
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      openMenu(true);
    },
  });
}
