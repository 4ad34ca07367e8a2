import { useCallback, useState } from "react";

/**
 * A modal's open state, and whether it was ever opened: a modal whose code loads on first use
 * is rendered from then on (`used`), so it can animate out and hand focus back when it closes.
 */
export function useDialogState() {
  const [state, setState] = useState({ open: false, used: false });
  const setOpen = useCallback((open: boolean) => setState((s) => ({ open, used: s.used || open })), []);
  const show = useCallback(() => setOpen(true), [setOpen]);
  return { open: state.open, used: state.used, setOpen, show };
}
