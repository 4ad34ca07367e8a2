import { apiFetch } from "@client/lib/api";
import { PROFILE_TEXT } from "@shared/messages";
import type { SubscriptionView } from "@shared/schemas/billing";
import { DATA_EXPORT, type ProfileStats, type ProfileUpdate } from "@shared/schemas/profile";
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

/**
 * Start downloading the member's data export: a ZIP of `data.json` and the uploaded files, which
 * may be hundreds of megabytes. The browser fetches it through a link and writes it to disk as it
 * arrives, so the page never holds it. A link cannot tell why a download was refused, so a HEAD
 * request first asks whether the server would give the export now (it counts nothing); a
 * refusal is explained on the page instead of ending as a failed download. Resolves with null
 * once the download has been started, or with the reason it was not.
 */
export async function startDataExport(): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(DATA_EXPORT.path, { method: "HEAD", credentials: "same-origin", cache: "no-store" });
  } catch {
    return PROFILE_TEXT.exportFailed;
  }
  if (response.status === 429) {
    const wait = Number(response.headers.get("retry-after"));
    return PROFILE_TEXT.exportLimited(DATA_EXPORT.perHour, wait > 0 ? wait : DATA_EXPORT.windowSeconds);
  }
  if (response.status === 409) return PROFILE_TEXT.exportRunning;
  if (!response.ok) return PROFILE_TEXT.exportFailed;
  const link = document.createElement("a");
  link.href = DATA_EXPORT.path;
  // A download, never a navigation (the server names the file); the page stays as it is.
  link.download = "";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  return null;
}

export function deleteAccount(password: string) {
  return apiFetch<{ deleted: boolean }>("/api/profile/delete", { body: { password } });
}
