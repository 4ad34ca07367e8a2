import { itemPath } from "@client/features/admin/admin-api";
import { apiFetch } from "@client/lib/api";
import type {
  AdminTestimonial,
  CreateTestimonial,
  MoveDirection,
  TestimonialList,
  TestimonialRemoval,
  UpdateTestimonial,
} from "@shared/schemas/admin-testimonials";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const testimonialKeys = { all: ["admin", "testimonials"] as const };

const testimonialPath = (id: string) => itemPath("testimonials", id);

export const testimonialsApi = {
  list: () => apiFetch<TestimonialList>("/api/admin/testimonials"),
  create: (body: CreateTestimonial) =>
    apiFetch<{ testimonial: AdminTestimonial }>("/api/admin/testimonials", { body }).then((r) => r.testimonial),
  update: (id: string, body: UpdateTestimonial) =>
    apiFetch<{ testimonial: AdminTestimonial }>(testimonialPath(id), { method: "PATCH", body }).then(
      (r) => r.testimonial,
    ),
  remove: (id: string) => apiFetch<TestimonialRemoval>(testimonialPath(id), { method: "DELETE" }),
  move: (id: string, direction: MoveDirection) =>
    apiFetch<TestimonialList>(`${testimonialPath(id)}/move`, { body: { direction } }),
};

/** Every testimonial in the carousel's order (a handful: no pages). */
export const useTestimonials = () => useQuery({ queryKey: testimonialKeys.all, queryFn: testimonialsApi.list });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: testimonialKeys.all });
}

export function useSaveTestimonial() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateTestimonial | UpdateTestimonial }) =>
      input.id ? testimonialsApi.update(input.id, input.body) : testimonialsApi.create(input.body as CreateTestimonial),
    onSuccess: refresh,
  });
}

export function useRemoveTestimonial() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: testimonialsApi.remove, onSuccess: refresh });
}

/** A move answers the whole list in its new order: it is shown at once. */
export function useMoveTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; direction: MoveDirection }) => testimonialsApi.move(input.id, input.direction),
    onSuccess: (list) => queryClient.setQueryData(testimonialKeys.all, list),
  });
}
