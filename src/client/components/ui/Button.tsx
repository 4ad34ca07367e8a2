import { cn } from "@client/lib/cn";
import type { ComponentProps } from "react";
import { type LabelIcon, labelIcon } from "./label-icon";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "premium";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary-900 text-white hover:bg-primary-800 active:bg-primary-950 shadow-sm",
  secondary: "bg-white text-primary-900 border border-slate-300 hover:bg-slate-50 hover:border-slate-400 shadow-sm",
  ghost: "bg-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  danger: "bg-red-700 text-white hover:bg-red-800 active:bg-red-900 shadow-sm",
  premium: "bg-premium-300 text-premium-900 hover:bg-premium-100 border border-premium-500 shadow-sm",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm gap-1.5",
  md: "h-11 px-4 text-base gap-2",
  lg: "h-12 px-6 text-lg gap-2",
  icon: "size-11 justify-center",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(
    "inline-flex shrink-0 items-center justify-center rounded-[var(--radius-control)] font-semibold transition-colors duration-150 ease-out",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

/** A button's icon, drawn at the buttons' icon size. */
export const buttonIcon = (icon: LabelIcon) => labelIcon(icon, "size-4");

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  icon?: LabelIcon;
}

export function Button({ variant, size, loading, icon, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner className="size-4" /> : buttonIcon(icon)}
      {children}
    </button>
  );
}

/** A link that looks like a button, for pages outside the router (plain <a>: a full page load). */
export function AnchorButton({
  variant,
  size,
  icon,
  className,
  children,
  ...rest
}: ComponentProps<"a"> & { variant?: ButtonVariant; size?: ButtonSize; icon?: LabelIcon }) {
  return (
    <a className={buttonClasses(variant, size, className)} {...rest}>
      {buttonIcon(icon)}
      {children}
    </a>
  );
}
