import type { OpenState } from "@client/components/ui/FormDialog";
import { useDialogState } from "@client/lib/use-dialog-state";
import { Fragment, type ReactNode, useState } from "react";

/**
 * A modal opened for one item, or for none (to add one). `show(item)` opens it for that item;
 * `render(modal)` draws it once it has been opened (so it can animate out and hand focus back
 * when it closes), afresh for each opening, with the item and its open state.
 */
export function useDialogFor<T>() {
  const dialog = useDialogState();
  const [opening, setOpening] = useState<{ item: T | null; count: number }>({ item: null, count: 0 });
  const state: OpenState = { open: dialog.open, onOpenChange: dialog.setOpen };
  return {
    item: opening.item,
    show: (item: T | null) => {
      setOpening((o) => ({ item, count: o.count + 1 }));
      dialog.show();
    },
    close: () => dialog.setOpen(false),
    render: (modal: (item: T | null, state: OpenState) => ReactNode) =>
      dialog.used ? <Fragment key={opening.count}>{modal(opening.item, state)}</Fragment> : null,
  };
}

export type DialogFor<T> = ReturnType<typeof useDialogFor<T>>;
