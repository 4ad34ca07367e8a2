import { Button, type ButtonSize, type ButtonVariant } from "@client/components/ui/Button";
import type { LabelIcon } from "@client/components/ui/label-icon";
import { UPLOAD_ACCEPT } from "@shared/uploads";
import { Paperclip } from "lucide-react";
import { type ReactNode, useRef } from "react";

/**
 * A button that opens the file picker (pdf, doc, docx, jpg, jpeg, png, gif). The file input
 * itself stays out of sight and out of the Tab order: the button is the control.
 */
export function FilePickerButton({
  onFiles,
  disabled = false,
  multiple = true,
  label = "Attach files",
  children,
  variant = "ghost",
  size = "icon",
  icon = <Paperclip className="size-5" aria-hidden />,
  className,
  describedBy,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  multiple?: boolean;
  /** The button's accessible name (its only text when it shows an icon alone). */
  label?: string;
  /** Visible text; without it the button shows the icon only. */
  children?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: LabelIcon;
  className?: string;
  describedBy?: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        aria-hidden
        className="hidden"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so choosing the same file again is seen as a change.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        variant={variant}
        size={size}
        disabled={disabled}
        onClick={() => input.current?.click()}
        icon={icon}
        className={className}
        {...(children ? {} : { "aria-label": label })}
        {...(describedBy ? { "aria-describedby": describedBy } : {})}
      >
        {children}
      </Button>
    </>
  );
}
