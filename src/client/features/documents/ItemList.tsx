import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { PagedList, type PagedQuery } from "@client/components/ui/PagedList";
import { type LucideIcon, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DeleteConfirm, type DeleteMutation } from "./DeleteConfirm";

/** What the delete confirmation of an `ItemList` says; `body` says what deleting the item at hand means. */
export interface DeleteTexts<T> {
  title: string;
  confirmLabel: string;
  deleted: string;
  failed: string;
  body: (item: T) => ReactNode;
}

/**
 * One of the member's lists (generated documents, uploaded files), a page at a time: a note with
 * `emptyIcon` when there is nothing yet, and each item deletable after a confirmation. `renderItem`
 * gets the function that asks to delete an item.
 */
export function ItemList<T extends { id: string }>({
  query,
  noun,
  emptyIcon: EmptyIcon,
  emptyText,
  remove,
  deleteTexts,
  renderItem,
}: {
  query: PagedQuery & { data?: { pages: readonly { items: readonly T[] }[] } | undefined };
  noun: string;
  emptyIcon: LucideIcon;
  emptyText: ReactNode;
  remove: DeleteMutation;
  deleteTexts: DeleteTexts<T>;
  renderItem: (item: T, onDelete: (item: T) => void) => ReactNode;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const { body, ...texts } = deleteTexts;

  return (
    <>
      <PagedList
        query={query}
        items={items}
        itemKey={(item) => item.id}
        noun={noun}
        skeletonRows={2}
        empty={
          <Card className="flex items-start gap-3 p-5 text-slate-700">
            <EmptyIcon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
            <p>{emptyText}</p>
          </Card>
        }
        renderItem={(item) => renderItem(item, setDeleting)}
      />
      {deleting ? (
        <DeleteConfirm itemKey={deleting.id} remove={remove} onClose={() => setDeleting(null)} {...texts}>
          {body(deleting)}
        </DeleteConfirm>
      ) : null}
    </>
  );
}

/**
 * An item of those lists as a card: its icon, title (`titleId` names the article), `details` and
 * `badge` on top, then `children`, then the row of `actions`.
 */
export function ItemCard({
  titleId,
  icon: Icon,
  title,
  details,
  badge,
  children,
  actions,
}: {
  titleId: string;
  icon: LucideIcon;
  title: string;
  details: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={titleId} className="space-y-3">
        <div className="flex items-start gap-3">
          <span className="rounded-lg bg-primary-50 p-2 text-primary-800">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            {/* File names can be one long word. */}
            <h3 id={titleId} className="break-words font-semibold leading-snug text-slate-900">
              {title}
            </h3>
            {details}
          </div>
          {badge}
        </div>
        {children}
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </article>
    </Card>
  );
}

/** The quiet red Delete button of an item card; `name` tells readers which item it deletes. */
export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onClick}
      icon={<Trash2 className="size-4" aria-hidden />}
      className="text-red-800 hover:bg-red-50 hover:text-red-900"
      aria-label={`Delete ${name}`}
    >
      Delete
    </Button>
  );
}
