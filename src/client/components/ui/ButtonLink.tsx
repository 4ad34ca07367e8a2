import { Link, type LinkProps } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClasses, buttonIcon } from "./Button";
import type { LabelIcon } from "./label-icon";

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: LabelIcon;
}

export function ButtonLink({ variant, size, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClasses(variant, size, typeof className === "string" ? className : undefined)} {...rest}>
      {buttonIcon(icon)}
      {children}
    </Link>
  );
}
