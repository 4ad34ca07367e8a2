import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { IconTile } from "@client/components/ui/IconTile";
import { PagedList, type PagedQuery } from "@client/components/ui/PagedList";
import { cn } from "@client/lib/cn";
import { type LucideIcon, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DeleteConfirm, type DeleteMutation } from "./DeleteConfirm";

/** What an item of an `ItemList` can ask for: its dialog, or to be deleted (after a confirmation). */
export interface ItemActions<T> {
  open: (item: T) => void;
  remove: (item: T) => void;
}

/**
 * One of the member's lists (generated documents, uploaded files), a page at a time: a note with
 * `empty.icon` when there is nothing yet, and each item deletable after a confirmation that says
 * `deleteBody`, or opened in the dialog `renderOpened` draws. `noun` names an item, then several
 * (read in the list's loading and error texts).
 */
export function ItemList<T extends { id: string }>({
  query,
  remove,
  noun: [one, many],
  empty,
  deleteBody,
  renderItem,
  renderOpened,
}: {
  query: PagedQuery & { data?: { pages: readonly { items: readonly T[] }[] } | undefined };
  remove: DeleteMutation;
  noun: readonly [one: string, many: string];
  empty: { icon: LucideIcon; text: ReactNode };
  deleteBody: (item: T) => ReactNode;
  renderItem: (item: T, actions: ItemActions<T>) => ReactNode;
  renderOpened: (item: T, close: () => void) => ReactNode;
}) {
  const [opened, setOpened] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const actions: ItemActions<T> = { open: setOpened, remove: setDeleting };

  return (
    <>
      <PagedList
        query={query}
        items={items}
        itemKey={(item) => item.id}
        noun={many}
        skeletonRows={2}
        empty={
          <Card className="flex items-start gap-3 p-5 text-slate-700">
            <empty.icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
            <p>{empty.text}</p>
          </Card>
        }
        renderItem={(item) => renderItem(item, actions)}
      />
      {opened ? renderOpened(opened, () => setOpened(null)) : null}
      {deleting ? (
        <DeleteConfirm itemKey={deleting.id} remove={remove} onClose={() => setDeleting(null)} noun={one}>
          {deleteBody(deleting)}
        </DeleteConfirm>
      ) : null}
    </>
  );
}

/** What heads an item: its icon, its title, and the id of its heading (which names the item). */
interface ItemTitle {
  icon: LucideIcon;
  title: string;
  titleId: string;
}

/**
 * An item's heading row: its icon in a tile, its title with `children` under it, and `aside` at
 * the end. `large` for the cards of a grid.
 */
export function ItemHeading({
  icon,
  title,
  titleId,
  large = false,
  aside,
  children,
}: ItemTitle & { large?: boolean; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <IconTile
        icon={icon}
        className={cn("bg-primary-50 text-primary-800", large ? "rounded-xl p-2.5" : "rounded-lg p-2")}
        iconClassName={large ? "size-6" : "size-5"}
      />
      <div className={cn("min-w-0 flex-1", large && "space-y-1.5")}>
        {/* File names can be one long word. */}
        <h3 id={titleId} className={cn("font-semibold leading-snug text-slate-900", large ? "text-lg" : "break-words")}>
          {title}
        </h3>
        {children}
      </div>
      {aside}
    </div>
  );
}

/**
 * An item of those lists as a card: its heading with `details` and `badge`, then `children`, then
 * the row of `actions`.
 */
export function ItemCard({
  details,
  badge,
  children,
  actions,
  ...heading
}: ItemTitle & { details: ReactNode; badge?: ReactNode; children?: ReactNode; actions: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={heading.titleId} className="space-y-3">
        <ItemHeading {...heading} aside={badge}>
          {details}
        </ItemHeading>
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
      icon={Trash2}
      className="text-red-800 hover:bg-red-50 hover:text-red-900"
      aria-label={`Delete ${name}`}
    >
      Delete
    </Button>
  );
}
