import { cn } from "@client/lib/cn";
import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import type { ReactNode } from "react";

type Tone = "info" | "success" | "warning" | "danger";

const TONES: Record<Tone, { box: string; Icon: typeof Info }> = {
  info: { box: "border-primary-200 bg-primary-50 text-primary-950", Icon: Info },
  success: { box: "border-green-300 bg-green-50 text-green-900", Icon: CheckCircle2 },
  warning: { box: "border-premium-300 bg-premium-50 text-premium-900", Icon: AlertTriangle },
  danger: { box: "border-red-300 bg-red-50 text-red-900", Icon: XCircle },
};

/** A message box. Errors are announced at once (role=alert); other tones politely (role=status). */
export function Alert({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { box, Icon } = TONES[tone];
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-[var(--radius-control)] border p-3 text-sm", box, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
