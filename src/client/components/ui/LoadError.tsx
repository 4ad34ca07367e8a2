import { Alert } from "./Alert";

/** A list or page that failed to load, with a way to try again. */
export function LoadError({
  title,
  onRetry,
  className,
}: {
  title: string;
  onRetry: () => unknown;
  className?: string;
}) {
  return (
    <Alert tone="danger" title={title} className={className}>
      Check your connection and{" "}
      <button type="button" className="font-semibold underline" onClick={() => onRetry()}>
        try again
      </button>
      .
    </Alert>
  );
}
