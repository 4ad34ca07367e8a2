import { itemPath, listKeys, listPath, usePagedList } from "@client/features/admin/admin-api";
import { apiFetch } from "@client/lib/api";
import type { PaidPlanId } from "@shared/plans";
import type {
  AdminUserCreate,
  AdminUserFilter,
  AdminUserPage,
  AdminUserRow,
  AdminUserStats,
  AdminUserUpdate,
} from "@shared/schemas/admin-users";
import type { SubscriptionView } from "@shared/schemas/billing";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export interface AdminUserFilters {
  q: string;
  filter: AdminUserFilter;
  page: number;
}

export const adminUserKeys = listKeys<AdminUserFilters>("users");

const userPath = (id: string) => itemPath("users", id);

type Granted = { user: AdminUserRow; subscription: SubscriptionView };

export const adminUsersApi = {
  list: (filters: AdminUserFilters) =>
    apiFetch<AdminUserPage>(listPath("/api/admin/users", filters, { q: "", filter: "all", page: 1 })),
  stats: () => apiFetch<AdminUserStats>("/api/admin/users/stats"),
  create: (body: AdminUserCreate) => apiFetch<{ user: AdminUserRow }>("/api/admin/users", { body }).then((r) => r.user),
  update: (id: string, body: AdminUserUpdate) =>
    apiFetch<{ user: AdminUserRow }>(userPath(id), { method: "PATCH", body }).then((r) => r.user),
  remove: (id: string) => apiFetch<{ deleted: true }>(userPath(id), { method: "DELETE" }),
  unlock: (id: string) => apiFetch<{ unlocked: number }>(`${userPath(id)}/unlock`, { body: {} }),
  grant: (id: string, planId: PaidPlanId, days: number) =>
    apiFetch<Granted>(`${userPath(id)}/subscription`, { method: "PUT", body: { planId, days } }),
  revoke: (id: string) => apiFetch<Granted>(`${userPath(id)}/subscription`, { method: "DELETE" }),
};

export const useAdminUsers = (filters: AdminUserFilters) =>
  usePagedList(adminUserKeys.list(filters), () => adminUsersApi.list(filters));

export const useAdminUserStats = () => useQuery({ queryKey: adminUserKeys.stats(), queryFn: adminUsersApi.stats });

/** Every cached page of the list, changed in place (the server's answer is the truth for a row). */
function updatePages(queryClient: QueryClient, change: (page: AdminUserPage) => AdminUserPage) {
  queryClient.setQueriesData<AdminUserPage>({ queryKey: adminUserKeys.lists() }, (page) =>
    page ? change(page) : page,
  );
}

/** A row as the server now has it, merged into every page that shows it. */
export function mergeRow(queryClient: QueryClient, row: AdminUserRow) {
  updatePages(queryClient, (page) => ({
    ...page,
    users: page.users.map((u) => (u.id === row.id ? row : u)),
  }));
  void queryClient.invalidateQueries({ queryKey: adminUserKeys.stats() });
}

/**
 * Add User: the new account goes at the top of the page on screen (spec section 4 'Admin user
 * list'); the other pages are read again when next shown.
 */
export function useCreateUser(current: AdminUserFilters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminUsersApi.create,
    onSuccess: (row) => {
      const key = adminUserKeys.list(current);
      void queryClient.invalidateQueries({
        queryKey: adminUserKeys.lists(),
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key),
      });
      queryClient.setQueryData<AdminUserPage>(key, (page) =>
        page ? { ...page, users: [row, ...page.users.filter((u) => u.id !== row.id)], total: page.total + 1 } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.stats() });
    },
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUserUpdate }) => adminUsersApi.update(id, body),
    onSuccess: (row) => mergeRow(queryClient, row),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminUsersApi.remove(id),
    onSuccess: (_result, id) => {
      updatePages(queryClient, (page) =>
        page.users.some((u) => u.id === id)
          ? { ...page, users: page.users.filter((u) => u.id !== id), total: Math.max(0, page.total - 1) }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminUsersApi.unlock(id),
    onSuccess: (_result, id) =>
      updatePages(queryClient, (page) => ({
        ...page,
        users: page.users.map((u) => (u.id === id ? { ...u, locked: false } : u)),
      })),
  });
}

export function useGrantPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, planId, days }: { id: string; planId: PaidPlanId; days: number }) =>
      adminUsersApi.grant(id, planId, days),
    onSuccess: (result) => mergeRow(queryClient, result.user),
  });
}

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminUsersApi.revoke(id),
    onSuccess: (result) => mergeRow(queryClient, result.user),
  });
}
