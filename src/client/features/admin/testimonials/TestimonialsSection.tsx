import { Alert } from "@client/components/ui/Alert";
import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { EmptyState } from "@client/components/ui/EmptyState";
import { LoadError } from "@client/components/ui/LoadError";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { useDialogFor } from "@client/features/admin/components/use-dialog-for";
import { ApiRequestError } from "@client/lib/api";
import type { AdminTestimonial, MoveDirection } from "@shared/schemas/admin-testimonials";
import { ArrowDown, ArrowUp, EyeOff, Pencil, Plus, Quote, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { TestimonialFormDialog } from "./TestimonialFormDialog";
import { useMoveTestimonial, useRemoveTestimonial, useTestimonials } from "./testimonials-api";

const nameOf = (t: AdminTestimonial) => `testimonial from ${t.author}`;

/** The two moves, and the index (of `count`) from which each cannot go further. */
const MOVES = [
  { direction: "up", label: "Move up", Icon: ArrowUp, edge: () => 0 },
  { direction: "down", label: "Move down", Icon: ArrowDown, edge: (count: number) => count - 1 },
] as const;

/** After a move the moved row's same button keeps the focus (or its other one, at an end of the list). */
function refocus(id: string, direction: MoveDirection) {
  requestAnimationFrame(() => {
    const row = document.querySelector(`[data-testimonial="${CSS.escape(id)}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`button[data-move="${direction === "up" ? "down" : "up"}"]`);
    (same && !same.disabled ? same : other)?.focus();
  });
}

/**
 * Admin section 'Testimonials': the quotes the landing page's carousel shows, in its order. Add,
 * edit, hide, reorder and delete; a member's words only with their permission, anything else
 * marked as an illustrative example (UI.md).
 */
export function TestimonialsSection() {
  const ids = useId();
  const toast = useToast();
  const query = useTestimonials();
  const form = useDialogFor<AdminTestimonial>();
  const confirm = useDialogFor<AdminTestimonial>();
  const move = useMoveTestimonial();
  const remove = useRemoveTestimonial();
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const data = query.data;
  const items = data?.testimonials ?? [];
  const full = data ? items.length >= data.limit : false;
  const shown = items.filter((t) => t.isActive).length;

  const moveOne = (testimonial: AdminTestimonial, direction: MoveDirection) => {
    setFailure(null);
    move.mutate(
      { id: testimonial.id, direction },
      {
        onSuccess: (list) => {
          const now = list.testimonials.find((t) => t.id === testimonial.id);
          if (now) setAnnouncement(`Moved to position ${now.position} of ${list.testimonials.length}.`);
          refocus(testimonial.id, direction);
        },
        onError: (error) => {
          setFailure(failureText(error, "The testimonial could not be moved. Please try again."));
          if (error instanceof ApiRequestError && error.status === 404) void query.refetch();
        },
      },
    );
  };

  const confirmDelete = () => {
    const deleting = confirm.item;
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        confirm.close();
        toast.success(`The ${nameOf(deleting)} was deleted.`);
      },
      onError: (error) => {
        confirm.close();
        const gone = error instanceof ApiRequestError && error.status === 404;
        setFailure(
          gone
            ? "This testimonial was already deleted. The list has been reloaded."
            : `The ${nameOf(deleting)} could not be deleted. Please try again.`,
        );
        if (gone) void query.refetch();
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Testimonials"
        description="What members say, shown on the landing page in this order. Changes show there within a minute."
        actions={
          <Button onClick={() => form.show(null)} disabled={full} icon={<Plus className="size-4" aria-hidden />}>
            Add Testimonial
          </Button>
        }
      />
      <section aria-labelledby={`${ids}-heading`} className="space-y-4">
        <h2 id={`${ids}-heading`} className="sr-only">
          Testimonials in the landing page's order
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite">
          {data
            ? `${items.length} of ${data.limit} testimonials, ${shown} shown on the landing page.${full ? " Delete one to add another." : ""}`
            : ""}
        </p>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {failure ? <Alert tone="danger">{failure}</Alert> : null}

        {query.isError && !data ? (
          <LoadError title="The testimonials could not be loaded" onRetry={query.refetch} />
        ) : !data ? (
          <div className="space-y-3" aria-hidden>
            {["a", "b", "c"].map((key) => (
              <Card key={key} className="space-y-3 p-5">
                <Skeleton className="h-4 w-5/6" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/4" />
              </Card>
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState icon={<Quote className="size-6" aria-hidden />} title="No testimonials yet">
            The landing page leaves its testimonials out until you add one.
          </EmptyState>
        ) : (
          <ol className="space-y-3">
            {items.map((testimonial, index) => (
              <li key={testimonial.id} data-testimonial={testimonial.id}>
                {/* Phones: the number and the actions above the words; wider: the words between them. */}
                <Card className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 gap-y-3 p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-5">
                  <span
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-50 text-sm font-semibold text-primary-900"
                    aria-hidden
                  >
                    {testimonial.position}
                  </span>
                  <figure className="col-span-2 row-start-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-1">
                    <blockquote className="break-words whitespace-pre-line text-slate-800">
                      <p>{testimonial.quote}</p>
                    </blockquote>
                    <figcaption className="mt-2 text-sm text-slate-600">
                      <span className="font-semibold text-slate-900">{testimonial.author}</span>
                      {testimonial.context ? ` · ${testimonial.context}` : null}
                    </figcaption>
                    <div className="mt-3 flex flex-wrap gap-1.5">
                      {testimonial.isActive ? (
                        <Badge tone="green">Shown</Badge>
                      ) : (
                        <Badge tone="gray" icon={EyeOff}>
                          Hidden
                        </Badge>
                      )}
                      {testimonial.isExample ? <Badge tone="amber">Illustrative example</Badge> : null}
                    </div>
                  </figure>
                  <div className="col-start-2 row-start-1 flex justify-end gap-1 sm:col-start-3">
                    {MOVES.map(({ direction, label, Icon, edge }) => (
                      <Button
                        key={direction}
                        variant="ghost"
                        size="icon"
                        data-move={direction}
                        aria-label={`${label}: ${nameOf(testimonial)}`}
                        disabled={index === edge(items.length) || move.isPending}
                        onClick={() => moveOne(testimonial, direction)}
                      >
                        <Icon className="size-4" aria-hidden />
                      </Button>
                    ))}
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${nameOf(testimonial)}`}
                      onClick={() => form.show(testimonial)}
                    >
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${nameOf(testimonial)}`}
                      onClick={() => {
                        setFailure(null);
                        confirm.show(testimonial);
                      }}
                    >
                      <Trash2 className="size-4 text-red-700" aria-hidden />
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ol>
        )}
      </section>

      {form.render((testimonial, state) => (
        <TestimonialFormDialog {...state} testimonial={testimonial} />
      ))}
      {confirm.render((testimonial, state) => (
        <ConfirmDialog
          {...state}
          title="Delete testimonial?"
          confirmLabel="Delete Testimonial"
          confirmIcon={<Trash2 className="size-4" aria-hidden />}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        >
          <p>
            Delete the testimonial from <strong>{testimonial?.author}</strong>? This cannot be undone. To take it off
            the landing page for now, edit it and untick 'Show on the landing page' instead.
          </p>
        </ConfirmDialog>
      ))}
    </>
  );
}
