import { cn } from "@client/lib/cn";
import { TIMINGS_MS } from "@shared/constants";
import { Quote } from "lucide-react";
import { useEffect, useState } from "react";
import { RotationButton } from "./RotationButton";
import { useRotation } from "./rotation";

export interface Testimonial {
  id: string;
  quote: string;
  author: string;
  context: string;
  isExample: boolean;
}

function isTestimonial(value: unknown): value is Testimonial {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.id === "string" &&
    typeof t.quote === "string" &&
    t.quote.trim() !== "" &&
    typeof t.author === "string" &&
    typeof t.context === "string" &&
    typeof t.isExample === "boolean"
  );
}

/** The testimonials an administrator keeps (GET /api/testimonials); none when the call fails. */
function useTestimonials(): Testimonial[] {
  const [items, setItems] = useState<Testimonial[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/testimonials", {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then((response) => {
        if (response.ok) return response.json();
        // Release the unread error body, so the request does not stay open.
        void response.body?.cancel().catch(() => {});
        return null;
      })
      .then((body: unknown) => {
        const list = (body as { testimonials?: unknown } | null)?.testimonials;
        setItems(Array.isArray(list) ? list.filter(isTestimonial) : []);
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return items;
}

/**
 * The testimonial carousel: one quote at a time, the next every 8 seconds, dot buttons to choose
 * one. It holds still on hover and focus, after Pause, and under prefers-reduced-motion.
 */
export function Testimonials() {
  const items = useTestimonials();
  const rotation = useRotation(items.length, TIMINGS_MS.testimonialRotation);
  const { index } = rotation;
  if (items.length === 0) return null;

  return (
    // biome-ignore lint/a11y/useSemanticElements: an APG carousel is a group with a role description
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="mx-auto max-w-3xl"
      {...rotation.regionProps}
    >
      <div className="grid" aria-live={rotation.rotating ? "off" : "polite"}>
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useSemanticElements: APG carousel slides are groups with a role description
          <div
            key={item.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${items.length}`}
            className={cn(
              "col-start-1 row-start-1 flex flex-col rounded-[var(--radius-dialog)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)] sm:p-8",
              // The new slide appears at once, on top; the old one fades out beneath it (so the
              // visible text is never half-transparent).
              i === index
                ? "z-10 opacity-100"
                : "invisible opacity-0 transition-[opacity,visibility] duration-200 ease-out",
            )}
          >
            <figure className="flex flex-1 flex-col">
              <Quote className="size-8 text-primary-300" aria-hidden />
              <blockquote className="mt-3 flex-1 text-lg text-slate-800 sm:text-xl">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-2">
                <span>
                  <span className="block font-semibold text-slate-900">{item.author}</span>
                  {item.context ? <span className="block text-sm text-slate-600">{item.context}</span> : null}
                </span>
                {item.isExample ? (
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset">
                    Illustrative example
                  </span>
                ) : null}
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
      {items.length > 1 ? (
        <div className="mt-4 flex items-center justify-center gap-2">
          <ul className="flex items-center">
            {items.map((item, i) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-label={`Show testimonial ${i + 1} of ${items.length}`}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => rotation.setIndex(i)}
                  className="group inline-flex size-11 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden
                    className={cn(
                      "block h-2.5 rounded-full transition-all duration-200 ease-out",
                      i === index ? "w-6 bg-primary-900" : "w-2.5 bg-slate-500 group-hover:bg-slate-700",
                    )}
                  />
                </button>
              </li>
            ))}
          </ul>
          <RotationButton rotation={rotation} what="the testimonials" />
        </div>
      ) : null}
    </div>
  );
}
