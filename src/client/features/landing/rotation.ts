import { type FocusEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the visitor asked the system for less motion: nothing then moves by itself. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Elements inside a rotating region that do not pause it when focused (its Pause/Play button). */
export const ROTATION_CONTROL = "data-rotation-control";

/**
 * An index that advances by itself every `intervalMs`, for the hero's sample chat and the
 * testimonial carousel. It holds still while the pointer is over the region or focus is inside
 * it, after the visitor pressed Pause, and always under prefers-reduced-motion. Choosing an item
 * restarts the wait.
 */
export function useRotation(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const canRotate = count > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused;
  const current = count > 0 ? Math.min(index, count - 1) : 0;
  // Pointer over the region or focus in it, as the events say, before any render: the timer
  // reads this when it fires. The effect that stops it runs after the render, and on the landing
  // page (Preact, decision 023) after the next frame, so a timer due in between must not move on.
  const held = useRef({ hovered: false, focused: false });

  useEffect(() => {
    if (!rotating) return;
    // Restarts whenever the shown item changes, so a choice gets the full interval.
    const timer = window.setTimeout(() => {
      if (!held.current.hovered && !held.current.focused) setIndex((current + 1) % count);
    }, intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count, intervalMs]);

  const hover = useCallback((over: boolean) => {
    held.current.hovered = over;
    setHovered(over);
  }, []);
  const focus = useCallback((inside: boolean) => {
    held.current.focused = inside;
    setFocused(inside);
  }, []);
  const regionProps = {
    onMouseEnter: useCallback(() => hover(true), [hover]),
    onMouseLeave: useCallback(() => hover(false), [hover]),
    onFocus: useCallback(
      (event: FocusEvent<HTMLElement>) => {
        const target = event.target as Element;
        focus(!target.closest(`[${ROTATION_CONTROL}]`));
      },
      [focus],
    ),
    onBlur: useCallback(
      (event: FocusEvent<HTMLElement>) => {
        const next = event.relatedTarget as Node | null;
        if (!next || !event.currentTarget.contains(next)) focus(false);
      },
      [focus],
    ),
  };

  return {
    index: current,
    setIndex,
    /** Whether it is moving right now (drives aria-live: off while moving, polite when still). */
    rotating,
    /** Whether rotation can happen at all (more than one item, motion allowed). */
    canRotate,
    /** The visitor pressed Pause. */
    stopped,
    setStopped,
    regionProps,
  };
}

/** A rotating index and its controls, as `useRotation` gives them. */
export type Rotation = ReturnType<typeof useRotation>;
