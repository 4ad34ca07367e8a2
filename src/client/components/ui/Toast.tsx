import { cn } from "@client/lib/cn";
import { X } from "lucide-react";
import { Toast as T } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

type Tone = "success" | "error" | "info";
interface ToastItem {
  id: number;
  tone: Tone;
  message: string;
}

interface ToastApi {
  show(message: string, tone?: Tone): void;
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const TONES: Record<Tone, string> = {
  success: "border-green-300 bg-green-50 text-green-950",
  error: "border-red-300 bg-red-50 text-red-950",
  info: "border-slate-300 bg-white text-slate-900",
};

/**
 * Toasts replace the spec's alerts (same texts). Errors are announced assertively, the rest
 * politely; each stays 6 s, or until dismissed.
 *
 * Where they show: in the band of the page's header, centred. That band holds no row of a list
 * (an admin list's Edit and Delete, a case card's actions), no message box and no tab bar, at any
 * width: on a phone a toast lies over the header for a moment; on a wide screen it sits in the
 * header's empty middle, between the logo and the account menu. One toast at a time (the newest
 * takes the place of the one before), so toasts never pile down over the page.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const show = useCallback((message: string, tone: Tone = "info") => {
    setItems([{ id: Date.now() + Math.random(), tone, message }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, success: (m) => show(m, "success"), error: (m) => show(m, "error") }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      <T.Provider swipeDirection="right" duration={6000} label="Notification">
        {children}
        {items.map((item) => (
          <T.Root
            key={item.id}
            type={item.tone === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) setItems((current) => current.filter((t) => t.id !== item.id));
            }}
            className={cn(
              "flex items-start gap-3 rounded-[var(--radius-card)] border py-2 pr-3 pl-4 shadow-[var(--shadow-dialog)] animate-fade-in",
              TONES[item.tone],
            )}
          >
            <T.Description className="flex-1 text-sm leading-5 font-medium">{item.message}</T.Description>
            <T.Close
              aria-label="Dismiss"
              className="-my-2 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md hover:bg-black/5"
            >
              <X className="size-4" aria-hidden />
            </T.Close>
          </T.Root>
        ))}
        {/* Over the header's band, centred: never over a list's row actions, the message box or the tabs. */}
        <T.Viewport className="fixed inset-x-0 top-0 z-[60] m-0 mx-auto flex w-full max-w-sm list-none flex-col px-2 pt-1 outline-none" />
      </T.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider");
  return api;
}
