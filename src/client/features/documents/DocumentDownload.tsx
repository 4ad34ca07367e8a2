import { AnchorButton } from "@client/components/ui/Button";
import { Spinner } from "@client/components/ui/Spinner";
import { useToast } from "@client/components/ui/Toast";
import { fetchFile } from "@client/lib/api";
import { AUTH_TEXT } from "@shared/messages";
import { Download } from "lucide-react";
import { type ComponentProps, type MouseEvent, useState } from "react";

/** Save `blob` as `fileName`, as the browser saves a download. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A download of a generated document: a link to the file (it can be copied or opened in a new
 * tab), fetched by the page on a plain click so that a refusal (too many downloads at once, the
 * renderers busy, a render that failed) is shown in a toast with the server's words instead of
 * failing silently in the browser's downloads. The button says it is preparing the file meanwhile.
 */
export function DocumentDownload({
  href,
  fileName,
  ...button
}: Omit<ComponentProps<typeof AnchorButton>, "download" | "onClick" | "icon"> & { href: string; fileName: string }) {
  const toast = useToast();
  const [preparing, setPreparing] = useState(false);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A modified click (new tab, new window) is the browser's to follow.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (preparing) return;
    setPreparing(true);
    try {
      save(await fetchFile(href), fileName);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : AUTH_TEXT.unexpected);
    } finally {
      setPreparing(false);
    }
  }

  return (
    <AnchorButton
      {...button}
      href={href}
      download={fileName}
      icon={preparing ? <Spinner className="size-4" /> : Download}
      onClick={(event) => void onClick(event)}
      aria-busy={preparing || undefined}
    />
  );
}
