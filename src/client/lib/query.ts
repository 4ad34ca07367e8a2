import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./api";

/** One query cache for the signed-in part of the app. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * The root query key of the member's cases. The cases feature builds its keys under it; another
 * feature that creates a case (opening one about an upload) invalidates it.
 */
export const CASES_KEY = ["cases"] as const;

/**
 * The query keys of the member's uploads. The uploads feature adds files and counts the month's
 * allowance; the documents feature lists and analyses them: both read and refresh the same cache.
 */
export const uploadKeys = {
  all: ["uploads"] as const,
  list: () => ["uploads", "list"] as const,
  detail: (id: string) => ["uploads", "detail", id] as const,
  allowance: () => ["uploads", "allowance"] as const,
};
