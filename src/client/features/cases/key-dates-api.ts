import { apiFetch } from "@client/lib/api";
import type { KeyDateInput, KeyDateList, KeyDateView, UpcomingDeadline } from "@shared/key-dates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const casePath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}/key-dates`;

export const keyDateKeys = {
  all: ["key-dates"] as const,
  ofCase: (caseId: string) => ["key-dates", "case", caseId] as const,
  upcoming: ["key-dates", "upcoming"] as const,
};

export const keyDatesApi = {
  list: (caseId: string) => apiFetch<KeyDateList>(casePath(caseId)),
  add: (caseId: string, body: KeyDateInput) =>
    apiFetch<{ keyDate: KeyDateView }>(casePath(caseId), { body }).then((r) => r.keyDate),
  remove: (caseId: string, keyDateId: string) =>
    apiFetch<null>(`${casePath(caseId)}/${encodeURIComponent(keyDateId)}`, { method: "DELETE" }),
  upcoming: () => apiFetch<{ deadlines: UpcomingDeadline[] }>("/api/key-dates/upcoming").then((r) => r.deadlines),
};

/** Where one key date's deadlines download as an .ics file. */
export const keyDateCalendarUrl = (caseId: string, keyDateId: string) =>
  `${casePath(caseId)}/${encodeURIComponent(keyDateId)}/calendar`;

export const useKeyDates = (caseId: string, enabled = true) =>
  useQuery({ queryKey: keyDateKeys.ofCase(caseId), queryFn: () => keyDatesApi.list(caseId), enabled });

export const useUpcomingDeadlines = () =>
  useQuery({ queryKey: keyDateKeys.upcoming, queryFn: keyDatesApi.upcoming, staleTime: 60_000 });

/** Add or remove a key date: the case's list and the coming dates are read again. */
export function useChangeKeyDates(caseId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keyDateKeys.all });
  return {
    add: useMutation({ mutationFn: (body: KeyDateInput) => keyDatesApi.add(caseId, body), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: (keyDateId: string) => keyDatesApi.remove(caseId, keyDateId),
      onSuccess: refresh,
    }),
  };
}

/** The browser's time zone (reminders come at 9 AM there while the profile names none). */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};
