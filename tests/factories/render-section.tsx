import { ToastProvider } from "@client/components/ui/Toast";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";

/**
 * For an admin section's tests: the section rendered as the dashboard shows it, with its toasts,
 * on a query cache of its own that does not retry a failed read.
 */
export function renderSection(section: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{section}</ToastProvider>
    </QueryClientProvider>,
  );
}
