import { Alert } from "@client/components/ui/Alert";
import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import type { DataColumn } from "@client/components/ui/DataTable";
import type { OpenState } from "@client/components/ui/FormDialog";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { ActionButtons } from "@client/features/admin/components/ActionButtons";
import { AdminListCard } from "@client/features/admin/components/AdminListCard";
import { FilterSelect, useListFilters } from "@client/features/admin/components/ListToolbar";
import { ResponsiveTable } from "@client/features/admin/components/ResponsiveTable";
import { type StatTile, StatTiles } from "@client/features/admin/components/StatTiles";
import { useDialogFor } from "@client/features/admin/components/use-dialog-for";
import { useSession } from "@client/lib/session";
import { formatDate } from "@shared/dates";
import { ADMIN_TEXT } from "@shared/messages";
import {
  ADMIN_USER_FILTERS,
  type AdminUserFilter,
  type AdminUserRow,
  type AdminUserStats,
} from "@shared/schemas/admin-users";
import { Crown, LockOpen, Pencil, Shield, Trash2, UserCheck, UserPlus, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  type AdminUserFilters,
  useAdminUserStats,
  useAdminUsers,
  useDeleteUser,
  useUnlockUser,
} from "./admin-users-api";
import { UserFormDialog } from "./UserFormDialog";
import { displayName, initials, PlanBadge, periodText, statusLabel } from "./user-labels";

const FILTER_LABELS: Record<AdminUserFilter, string> = {
  all: "All Users",
  active: "Active Users",
  premium: "Premium Users",
  free: "Free Users",
};

const TILES: StatTile<AdminUserStats>[] = [
  { label: "Total", stat: "total", Icon: Users, tone: "primary" },
  { label: "Active", stat: "active", Icon: UserCheck, tone: "green" },
  { label: "Premium", stat: "premium", Icon: Crown, tone: "premium" },
  { label: "Admin Users", stat: "admins", Icon: Shield, tone: "slate" },
];

/** Admin section 'Users' (spec section 2): tiles, search and filter, the table, add, edit and delete. */
export function UsersSection() {
  const list = useListFilters<AdminUserFilters>({ q: "", filter: "all", page: 1 });
  const form = useDialogFor<AdminUserRow>();
  const confirm = useDialogFor<AdminUserRow>();
  const [failure, setFailure] = useState<string | null>(null);
  const query = useAdminUsers(list.filters);
  const stats = useAdminUserStats();
  const unlock = useUnlockUser();
  const toast = useToast();
  const session = useSession();
  const selfId = session.user?.id;
  const unlockRow = (row: AdminUserRow) => {
    setFailure(null);
    unlock.mutate(row.id, {
      onSuccess: () => toast.success(`Sign-in is open again for ${displayName(row)}.`),
      onError: (error) => setFailure(failureText(error, ADMIN_TEXT.updateUserFailed)),
    });
  };

  const saved = (row: AdminUserRow, created: boolean) => {
    form.close();
    toast.success(created ? `${displayName(row)} was added.` : `Changes to ${displayName(row)} were saved.`);
    if (row.id === selfId) void session.refresh();
  };

  /** Unlock (a locked account), Edit, and Delete (not the administrator's own row, nor the built-in administrator). */
  const actions = (row: AdminUserRow, className: string) => {
    const name = displayName(row);
    return (
      <ActionButtons
        className={className}
        actions={[
          row.locked
            ? {
                text: "Unlock",
                name: `Unlock sign-in: ${name}`,
                Icon: LockOpen,
                onClick: () => unlockRow(row),
                loading: unlock.isPending && unlock.variables === row.id,
              }
            : null,
          { text: "Edit", name: `Edit user: ${name}`, Icon: Pencil, onClick: () => form.show(row) },
          row.id === selfId || row.isBuiltInAdmin
            ? null
            : {
                text: "Delete",
                name: `Delete user: ${name}`,
                Icon: Trash2,
                onClick: () => confirm.show(row),
                variant: "ghost",
                className: "text-red-800 hover:bg-red-50 hover:text-red-900",
              },
        ]}
      />
    );
  };
  const columns: DataColumn<AdminUserRow>[] = [
    {
      header: "User",
      className: "max-w-xs",
      cell: (row) => <UserIdentity row={row} isSelf={row.id === selfId} />,
      skeleton: <IdentitySkeleton />,
    },
    { header: "Contact", className: "min-w-48", cell: (row) => <UserContact row={row} />, skeleton: "h-4 w-44" },
    { header: "Status", cell: (row) => <UserStatus row={row} />, skeleton: "h-5 w-16" },
    {
      header: "Cases",
      className: "font-semibold text-slate-900",
      cell: (row) => row.caseCount.toLocaleString("en-US"),
      skeleton: "h-4 w-8",
    },
    { header: "Actions", cell: (row) => actions(row, "justify-end flex-nowrap"), skeleton: "ml-auto h-8 w-36" },
  ];

  return (
    <>
      <PageHeader
        title="Users"
        description="Find, add, edit and remove members, and grant or remove administrator access."
        actions={
          <Button onClick={() => form.show(null)} icon={<UserPlus className="size-5" aria-hidden />}>
            Add User
          </Button>
        }
      />
      <StatTiles label="User totals" stats={stats} tiles={TILES} />

      <AdminListCard
        className="mt-6"
        noun={["user", "users"]}
        list={list}
        query={query}
        search={{ placeholder: "Search users by name or email...", maxLength: 200 }}
        toolbarClassName="md:grid-cols-[minmax(0,1fr)_auto]"
        filters={
          <FilterSelect
            label="Filter users"
            value={list.filters.filter}
            onChange={(value) => list.setFilter("filter", ADMIN_USER_FILTERS.find((v) => v === value) ?? "all")}
            className="md:w-48"
            options={ADMIN_USER_FILTERS.map((value) => [value, FILTER_LABELS[value]])}
          />
        }
        failure={failure}
        isEmpty={(page) => page.users.length === 0}
        empty={{
          filtered: "Try another search, or choose All Users.",
          none: "Add a user, or wait for members to register.",
        }}
        pagerLabel="Users pages"
      >
        <ResponsiveTable
          caption="Users, newest first"
          region={{ label: "Users table", minWidth: "min-w-[720px]" }}
          columns={columns}
          rows={query.data?.users}
          dimmed={query.isPlaceholderData}
          cards={{
            label: "Users",
            render: (row) => (
              <UserCard row={row} isSelf={row.id === selfId}>
                {actions(row, "justify-end flex-wrap")}
              </UserCard>
            ),
            skeleton: (
              <div className="space-y-3">
                <div className="flex items-center gap-3">
                  <Skeleton className="size-10 rounded-full" />
                  <Skeleton className="h-4 w-40" />
                </div>
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-8 w-1/2" />
              </div>
            ),
          }}
        />
      </AdminListCard>

      {form.render((user, state) => (
        <UserFormDialog
          {...state}
          user={user}
          isSelf={user !== null && user.id === selfId}
          filters={list.filters}
          onSaved={saved}
        />
      ))}
      {confirm.render((row, state) =>
        row ? (
          <DeleteUserDialog
            {...state}
            row={row}
            onDeleted={() => {
              confirm.close();
              toast.success(`${displayName(row)} was deleted.`);
            }}
          />
        ) : null,
      )}
    </>
  );
}

/** 'Delete user': the member named, and why the server refused, if it did. */
function DeleteUserDialog({ row, onDeleted, ...state }: OpenState & { row: AdminUserRow; onDeleted: () => void }) {
  const remove = useDeleteUser();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      {...state}
      title="Delete user"
      confirmLabel="Delete user"
      confirmIcon={<Trash2 className="size-4" aria-hidden />}
      onConfirm={() => {
        setError(null);
        remove.mutate(row.id, {
          onSuccess: onDeleted,
          onError: (e) => setError(failureText(e, ADMIN_TEXT.deleteUserFailed)),
        });
      }}
      pending={remove.isPending}
    >
      <p>{ADMIN_TEXT.deleteUserConfirm}</p>
      <p className="font-semibold text-slate-900">
        {displayName(row)}
        {row.name ? <span className="block font-normal text-slate-600">{row.email}</span> : null}
      </p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </ConfirmDialog>
  );
}

function IdentitySkeleton() {
  return (
    <div className="flex items-center gap-3">
      <Skeleton className="size-10 rounded-full" />
      <div className="space-y-2">
        <Skeleton className="h-4 w-36" />
        <Skeleton className="h-3 w-24" />
      </div>
    </div>
  );
}

/** Name, Admin badge, 'You', profession. */
function UserIdentity({ row, isSelf }: { row: AdminUserRow; isSelf: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-900"
      >
        {initials(row)}
      </span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-1.5 font-semibold text-slate-900">
          <span className="[overflow-wrap:anywhere]">{row.name || "No name given"}</span>
          {row.isAdmin ? (
            <Badge tone="indigo">
              <Shield className="size-3" aria-hidden />
              Admin
            </Badge>
          ) : null}
          {isSelf ? <span className="text-sm font-normal text-slate-600">(you)</span> : null}
        </p>
        {row.profession ? <p className="text-slate-600">{row.profession}</p> : null}
      </div>
    </div>
  );
}

function UserContact({ row }: { row: AdminUserRow }) {
  return (
    <>
      <p className="text-slate-900 [overflow-wrap:anywhere]">{row.email}</p>
      {row.phone ? <p className="text-slate-600">{row.phone}</p> : null}
    </>
  );
}

function UserStatus({ row }: { row: AdminUserRow }) {
  const sub = row.subscription;
  const detail =
    sub && row.plan !== "free" ? [sub.status === "active" ? null : statusLabel(sub.status), periodText(sub)] : [];
  const text = detail.filter(Boolean).join(" · ");
  return (
    <>
      <div className="flex flex-wrap gap-1.5">
        <PlanBadge plan={row.plan} />
        {row.locked ? <Badge tone="red">Locked</Badge> : null}
      </div>
      {text ? <p className="mt-1 text-xs text-slate-600">{text}</p> : null}
      <p className="mt-1 text-xs text-slate-600">
        {row.lastSignInAt ? `Last sign-in ${formatDate(row.lastSignInAt)}` : "Never signed in"}
      </p>
    </>
  );
}

/** The same row as a card, for narrow screens, with its actions (`children`) last. */
function UserCard({ row, isSelf, children }: { row: AdminUserRow; isSelf: boolean; children: ReactNode }) {
  return (
    <article aria-label={displayName(row)} className="space-y-3 text-sm">
      <UserIdentity row={row} isSelf={isSelf} />
      <div>
        <UserContact row={row} />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <UserStatus row={row} />
        </div>
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900">{row.caseCount.toLocaleString("en-US")}</span>{" "}
          {row.caseCount === 1 ? "case" : "cases"}
        </p>
      </div>
      {children}
    </article>
  );
}
