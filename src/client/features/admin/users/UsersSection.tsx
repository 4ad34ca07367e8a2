import { Alert } from "@client/components/ui/Alert";
import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { AdminListCard } from "@client/features/admin/components/AdminListCard";
import { FilterSelect, useDebouncedSearch } from "@client/features/admin/components/ListToolbar";
import { ScrollTable, SkeletonRows } from "@client/features/admin/components/ScrollTable";
import { type StatTile, StatTiles } from "@client/features/admin/components/StatTiles";
import { cn } from "@client/lib/cn";
import { formatDate } from "@client/lib/dates";
import { useSession } from "@client/lib/session";
import { useDialogState } from "@client/lib/use-dialog-state";
import { ADMIN_TEXT } from "@shared/messages";
import { ADMIN_USER_FILTERS, type AdminUserFilter, type AdminUserRow } from "@shared/schemas/admin-users";
import { Crown, LockOpen, Pencil, Shield, Trash2, UserCheck, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import {
  type AdminUserFilters,
  failureText,
  useAdminUserStats,
  useAdminUsers,
  useDeleteUser,
  useUnlockUser,
} from "./admin-users-api";
import { UserFormDialog } from "./UserFormDialog";
import { displayName, initials, PlanBadge, periodText, statusLabel } from "./user-labels";

const SKELETON_ROWS = 5;

const FILTER_LABELS: Record<AdminUserFilter, string> = {
  all: "All Users",
  active: "Active Users",
  premium: "Premium Users",
  free: "Free Users",
};

interface RowActions {
  selfId: string | undefined;
  onEdit: (row: AdminUserRow) => void;
  onDelete: (row: AdminUserRow) => void;
  onUnlock: (row: AdminUserRow) => void;
  unlockingId: string | null;
}

/** Admin section 'Users' (spec section 2): tiles, search and filter, the table, add, edit and delete. */
export function UsersSection() {
  const [filters, setFilters] = useState<AdminUserFilters>({ q: "", filter: "all", page: 1 });
  const [typed, setTyped] = useDebouncedSearch(filters, setFilters);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useDialogState();
  const confirm = useDialogState();
  const list = useAdminUsers(filters);
  const remove = useDeleteUser();
  const unlock = useUnlockUser();
  const toast = useToast();
  const session = useSession();
  const selfId = session.user?.id;

  const openForm = (row: AdminUserRow | null) => {
    setEditing(row);
    setFormKey((k) => k + 1);
    form.show();
  };

  const askDelete = (row: AdminUserRow) => {
    setDeleting(row);
    setDeleteError(null);
    confirm.show();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    setDeleteError(null);
    remove.mutate(target.id, {
      onSuccess: () => {
        confirm.setOpen(false);
        toast.success(`${displayName(target)} was deleted.`);
      },
      onError: (error) => setDeleteError(failureText(error, ADMIN_TEXT.deleteUserFailed)),
    });
  };

  const unlockRow = (row: AdminUserRow) => {
    setFailure(null);
    unlock.mutate(row.id, {
      onSuccess: () => toast.success(`Sign-in is open again for ${displayName(row)}.`),
      onError: (error) => setFailure(failureText(error, ADMIN_TEXT.updateUserFailed)),
    });
  };

  const saved = (row: AdminUserRow, created: boolean) => {
    form.setOpen(false);
    toast.success(created ? `${displayName(row)} was added.` : `Changes to ${displayName(row)} were saved.`);
    if (row.id === selfId) void session.refresh();
  };

  const actions: RowActions = {
    selfId,
    onEdit: openForm,
    onDelete: askDelete,
    onUnlock: unlockRow,
    unlockingId: unlock.isPending ? (unlock.variables ?? null) : null,
  };
  const data = list.data;
  const filtered = Boolean(filters.q || filters.filter !== "all");

  const dim = list.isPlaceholderData && "opacity-60";
  const body = (
    <>
      <ScrollTable
        label="Users table"
        caption="Users, newest first"
        columns={["User", "Contact", "Status", "Cases", "Actions"]}
        minWidthClassName="min-w-[720px]"
        className="mt-3"
        bodyClassName={dim || undefined}
      >
        {data ? (
          data.users.map((row) => <UserTableRow key={row.id} row={row} actions={actions} />)
        ) : (
          <SkeletonRows count={SKELETON_ROWS}>
            <td className="px-4 py-4">
              <div className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="space-y-2">
                  <Skeleton className="h-4 w-36" />
                  <Skeleton className="h-3 w-24" />
                </div>
              </div>
            </td>
            <td className="px-4 py-4">
              <Skeleton className="h-4 w-44" />
            </td>
            <td className="px-4 py-4">
              <Skeleton className="h-5 w-16" />
            </td>
            <td className="px-4 py-4">
              <Skeleton className="h-4 w-8" />
            </td>
            <td className="px-4 py-4">
              <Skeleton className="ml-auto h-8 w-36" />
            </td>
          </SkeletonRows>
        )}
      </ScrollTable>
      <ul aria-label="Users" className={cn("mt-3 space-y-3 md:hidden", dim)}>
        {data
          ? data.users.map((row) => (
              <li key={row.id}>
                <UserCard row={row} actions={actions} />
              </li>
            ))
          : Array.from({ length: SKELETON_ROWS }, (_, n) => `card-skeleton-${n}`).map((key) => (
              <li
                key={key}
                aria-hidden
                className="space-y-3 rounded-[var(--radius-control)] border border-slate-200 p-4"
              >
                <div className="flex items-center gap-3">
                  <Skeleton className="size-10 rounded-full" />
                  <Skeleton className="h-4 w-40" />
                </div>
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-8 w-1/2" />
              </li>
            ))}
      </ul>
    </>
  );

  return (
    <>
      <PageHeader
        title="Users"
        description="Find, add, edit and remove members, and grant or remove administrator access."
        actions={
          <Button onClick={() => openForm(null)} icon={<UserPlus className="size-5" aria-hidden />}>
            Add User
          </Button>
        }
      />
      <StatsTiles />

      <AdminListCard
        toolbarClassName="md:grid-cols-[minmax(0,1fr)_auto]"
        search={{
          label: "Search users",
          value: typed,
          onChange: setTyped,
          placeholder: "Search users by name or email...",
          maxLength: 200,
        }}
        filters={
          <FilterSelect
            label="Filter users"
            value={filters.filter}
            onChange={(value) =>
              setFilters((f) => ({ ...f, filter: ADMIN_USER_FILTERS.find((v) => v === value) ?? "all", page: 1 }))
            }
            className="md:w-48"
          >
            {ADMIN_USER_FILTERS.map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </FilterSelect>
        }
        failure={failure}
        list={list}
        noun={["user", "users"]}
        errorTitle="The users could not be loaded"
        isEmpty={(page) => page.users.length === 0}
        empty={
          filtered
            ? { title: "No users match", hint: "Try another search, or choose All Users." }
            : { title: "No users yet", hint: "Add a user, or wait for members to register." }
        }
        pagerLabel="Users pages"
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
      >
        {body}
      </AdminListCard>

      {form.used ? (
        <UserFormDialog
          key={formKey}
          open={form.open}
          onOpenChange={form.setOpen}
          user={editing}
          isSelf={editing !== null && editing.id === selfId}
          filters={filters}
          onSaved={saved}
        />
      ) : null}
      {confirm.used ? (
        <ConfirmDialog
          open={confirm.open}
          onOpenChange={confirm.setOpen}
          title="Delete user"
          confirmLabel="Delete user"
          confirmIcon={<Trash2 className="size-4" aria-hidden />}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        >
          <p>{ADMIN_TEXT.deleteUserConfirm}</p>
          {deleting ? (
            <p className="font-semibold text-slate-900">
              {displayName(deleting)}
              {deleting.name ? <span className="block font-normal text-slate-600">{deleting.email}</span> : null}
            </p>
          ) : null}
          {deleteError ? <Alert tone="danger">{deleteError}</Alert> : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function StatsTiles() {
  const stats = useAdminUserStats();
  const s = stats.data;
  const tiles: StatTile[] = [
    { label: "Total", value: s?.total, Icon: Users, tone: "bg-primary-100 text-primary-900" },
    { label: "Active", value: s?.active, Icon: UserCheck, tone: "bg-green-100 text-green-900" },
    { label: "Premium", value: s?.premium, Icon: Crown, tone: "bg-premium-100 text-premium-900" },
    { label: "Admin Users", value: s?.admins, Icon: Shield, tone: "bg-slate-200 text-slate-800" },
  ];
  return <StatTiles label="User totals" tiles={tiles} isError={stats.isError} />;
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

function UserActionButtons({ row, actions, wrap }: { row: AdminUserRow; actions: RowActions; wrap: boolean }) {
  const name = displayName(row);
  const isSelf = row.id === actions.selfId;
  return (
    <div className={cn("flex justify-end gap-2", wrap ? "flex-wrap" : "flex-nowrap")}>
      {row.locked ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => actions.onUnlock(row)}
          loading={actions.unlockingId === row.id}
          aria-label={`Unlock sign-in: ${name}`}
          icon={<LockOpen className="size-4" aria-hidden />}
        >
          Unlock
        </Button>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => actions.onEdit(row)}
        aria-label={`Edit user: ${name}`}
        icon={<Pencil className="size-4" aria-hidden />}
      >
        Edit
      </Button>
      {isSelf || row.isBuiltInAdmin ? null : (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => actions.onDelete(row)}
          aria-label={`Delete user: ${name}`}
          className="text-red-800 hover:bg-red-50 hover:text-red-900"
          icon={<Trash2 className="size-4" aria-hidden />}
        >
          Delete
        </Button>
      )}
    </div>
  );
}

function UserTableRow({ row, actions }: { row: AdminUserRow; actions: RowActions }) {
  return (
    <tr className="align-top">
      <td className="max-w-xs px-4 py-4">
        <UserIdentity row={row} isSelf={row.id === actions.selfId} />
      </td>
      <td className="min-w-48 px-4 py-4">
        <UserContact row={row} />
      </td>
      <td className="px-4 py-4">
        <UserStatus row={row} />
      </td>
      <td className="px-4 py-4 font-semibold text-slate-900">{row.caseCount.toLocaleString("en-US")}</td>
      <td className="px-4 py-4">
        <UserActionButtons row={row} actions={actions} wrap={false} />
      </td>
    </tr>
  );
}

/** The same row as a card, for narrow screens. */
function UserCard({ row, actions }: { row: AdminUserRow; actions: RowActions }) {
  return (
    <article
      aria-label={displayName(row)}
      className="space-y-3 rounded-[var(--radius-control)] border border-slate-200 p-4 text-sm"
    >
      <UserIdentity row={row} isSelf={row.id === actions.selfId} />
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
      <UserActionButtons row={row} actions={actions} wrap />
    </article>
  );
}
