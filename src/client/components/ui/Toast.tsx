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
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const show = useCallback((message: string, tone: Tone = "info") => {
    setItems((current) => [...current.slice(-2), { id: Date.now() + Math.random(), tone, message }]);
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
              "flex items-start gap-3 rounded-[var(--radius-card)] border p-4 shadow-[var(--shadow-dialog)] animate-fade-in",
              TONES[item.tone],
            )}
          >
            <T.Description className="flex-1 text-sm font-medium">{item.message}</T.Description>
            <T.Close
              aria-label="Dismiss"
              className="-m-2 inline-flex size-9 items-center justify-center rounded-md hover:bg-black/5"
            >
              <X className="size-4" aria-hidden />
            </T.Close>
          </T.Root>
        ))}
        {/* Under the header, never over the message box, its Send button or the tabs at the bottom. */}
        <T.Viewport className="fixed top-14 right-0 z-[60] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </T.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider");
  return api;
}
