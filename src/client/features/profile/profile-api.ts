import { apiFetch } from "@client/lib/api";
import type { SubscriptionView } from "@shared/schemas/billing";
import type { ProfileStats, ProfileUpdate } from "@shared/schemas/profile";
import type { Preferences, SessionUser } from "@shared/session";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export interface ProfileOverview {
  user: SessionUser;
  stats: ProfileStats;
  subscription: SubscriptionView | null;
}

const key = ["profile"] as const;

export function useProfile() {
  return useQuery({ queryKey: key, queryFn: () => apiFetch<ProfileOverview>("/api/profile") });
}

function useProfileMutation<T>(run: (input: T) => Promise<{ user: SessionUser }>, onUser: (user: SessionUser) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<ProfileOverview>(key, (old) => (old ? { ...old, user } : old));
      onUser(user);
    },
  });
}

export function useUpdateProfile(onUser: (user: SessionUser) => void) {
  return useProfileMutation(
    (body: ProfileUpdate) => apiFetch<{ user: SessionUser }>("/api/profile", { method: "PATCH", body }),
    onUser,
  );
}

export function useUpdatePreferences(onUser: (user: SessionUser) => void) {
  return useProfileMutation(
    (body: Preferences) => apiFetch<{ user: SessionUser }>("/api/profile/preferences", { method: "PUT", body }),
    onUser,
  );
}

/** Download the member's data as a JSON file. */
export async function downloadExport(): Promise<void> {
  const response = await fetch("/api/profile/export", { credentials: "same-origin" });
  if (!response.ok) throw new Error("Your data could not be exported. Please try again.");
  const name = response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? "lawguide-data.json";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function deleteAccount(password: string) {
  return apiFetch<{ deleted: boolean }>("/api/profile/delete", { body: { password } });
}
