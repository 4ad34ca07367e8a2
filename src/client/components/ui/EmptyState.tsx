import type { ReactNode } from "react";
import { Card } from "./Card";

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      {icon ? <div className="rounded-full bg-primary-50 p-3 text-primary-800">{icon}</div> : null}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children ? <div className="max-w-md text-slate-600">{children}</div> : null}
      {action ? <div className="pt-2">{action}</div> : null}
    </Card>
  );
}
