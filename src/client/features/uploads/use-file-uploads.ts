import {
  type FileUploads,
  type FileUploadsOptions,
  type PendingUpload,
  toAttachment,
} from "@client/components/uploads/file-uploads";
import { ApiRequestError } from "@client/lib/api";
import { uploadKeys } from "@client/lib/query";
import type { ChatAttachment, UploadSummary } from "@shared/schemas/uploads";
import { looksLikeAcceptedFile, sanitizeFileName, UPLOAD_TEXT, uploadFileUrl, uploadLimitBytes } from "@shared/uploads";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isAbort, uploadFile } from "./upload-file";
import { uploadsApi } from "./uploads-api";

let sequence = 0;

/** A file received for the message box earlier (before a reload), as the box holds it. */
function waitingItem(upload: UploadSummary): PendingUpload {
  return {
    id: `stored-${upload.id}`,
    name: upload.fileName,
    type: upload.mimeType,
    size: upload.sizeBytes,
    url: uploadFileUrl(upload.id),
    isUploading: false,
    progress: 100,
    error: null,
    upload,
  };
}

/**
 * The files a member is about to send: each is checked here as the server will check it (type,
 * size), uploaded at once with its real progress, and can be taken away again until sent.
 */
export function useFileUploads(options: FileUploadsOptions): FileUploads {
  const { caseId, maxMb } = options;
  const queryClient = useQueryClient();
  const [items, setItems] = useState<PendingUpload[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const controllers = useRef(new Map<string, AbortController>());
  const latest = useRef(options);
  latest.current = options;

  const patch = useCallback((id: string, change: Partial<PendingUpload>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const abortAll = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
  }, []);

  // A different case (or leaving the page) cancels what is still uploading. A case's message box
  // starts with the files received for it and not sent yet: a reload loses none of them.
  useEffect(() => {
    setItems([]);
    setNotices([]);
    const loading = new AbortController();
    if (caseId) {
      uploadsApi
        .unsent(caseId, loading.signal)
        .then((page) => restoreRef.current(page.items.reverse().map(waitingItem)))
        .catch(() => {});
    }
    return () => {
      loading.abort();
      abortAll();
    };
  }, [caseId, abortAll]);

  const start = useCallback(
    (item: PendingUpload, file: File) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      uploadFile(file, {
        caseId: latest.current.caseId,
        maxMb: latest.current.maxMb,
        signal: controller.signal,
        onProgress: (progress) => patch(item.id, { progress }),
      })
        .then((created) => {
          controllers.current.delete(item.id);
          const stored = {
            isUploading: false,
            progress: 100,
            upload: created.upload,
            url: uploadFileUrl(created.upload.id),
          };
          patch(item.id, stored);
          queryClient.setQueryData(uploadKeys.allowance(), created.allowance);
          void queryClient.invalidateQueries({ queryKey: uploadKeys.list() });
          latest.current.onUploaded?.({ ...item, ...stored }, created.upload);
        })
        .catch((error: unknown) => {
          controllers.current.delete(item.id);
          if (isAbort(error)) return;
          const message = error instanceof ApiRequestError ? error.message : UPLOAD_TEXT.failed;
          patch(item.id, { isUploading: false, error: message });
          // A refusal for the monthly allowance means the count the page shows is out of date.
          if (error instanceof ApiRequestError && error.status === 402) {
            void queryClient.invalidateQueries({ queryKey: uploadKeys.allowance() });
          }
          const status = error instanceof ApiRequestError ? error.status : 0;
          latest.current.onFailed?.({ ...item, isUploading: false, error: message }, message, status);
        });
    },
    [patch, queryClient],
  );

  const add = useCallback(
    (files: Iterable<File> | ArrayLike<File>) => {
      const { maxFiles, tooManyText } = latest.current;
      const limit = uploadLimitBytes(maxMb);
      const refused = new Set<string>();
      let room = maxFiles === undefined ? Number.POSITIVE_INFINITY : maxFiles;
      room -= itemsRef.current.filter((item) => !item.error).length;
      const accepted: Array<{ item: PendingUpload; file: File }> = [];
      for (const file of Array.from(files)) {
        if (!looksLikeAcceptedFile(file)) refused.add(UPLOAD_TEXT.wrongType);
        else if (file.size > limit) refused.add(UPLOAD_TEXT.tooLarge(maxMb));
        else if (room <= 0) refused.add(tooManyText ?? UPLOAD_TEXT.tooManyAttachments);
        else {
          room -= 1;
          sequence += 1;
          accepted.push({
            file,
            item: {
              id: `pending-${sequence}`,
              name: sanitizeFileName(file.name),
              type: file.type,
              size: file.size,
              url: "",
              isUploading: true,
              progress: 0,
              error: null,
              upload: null,
            },
          });
        }
      }
      setNotices([...refused]);
      if (accepted.length === 0) return 0;
      setItems((current) => [...current, ...accepted.map((a) => a.item)]);
      for (const { item, file } of accepted) start(item, file);
      return accepted.length;
    },
    [maxMb, start],
  );

  const remove = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((i) => i.id === id);
      setItems((current) => current.filter((i) => i.id !== id));
      if (!item) return;
      const controller = controllers.current.get(id);
      if (controller) {
        controller.abort();
        controllers.current.delete(id);
      } else if (item.upload) {
        const uploadId = item.upload.id;
        // Deleted in the background: the file goes from the member's uploads either way.
        uploadsApi
          .remove(uploadId)
          .catch(() => {})
          .finally(() => {
            queryClient.removeQueries({ queryKey: uploadKeys.detail(uploadId) });
            void queryClient.invalidateQueries({ queryKey: uploadKeys.list() });
            void queryClient.invalidateQueries({ queryKey: uploadKeys.allowance() });
          });
      }
    },
    [queryClient],
  );

  const clear = useCallback(() => {
    const held = itemsRef.current;
    abortAll();
    setItems([]);
    setNotices([]);
    return held;
  }, [abortAll]);

  const restore = useCallback((restored: PendingUpload[]) => {
    const stored = restored.filter((item) => item.upload && !item.error);
    if (stored.length === 0) return;
    setItems((current) => {
      // A file already here (picked again, or just uploaded) is not shown twice.
      const known = new Set(current.flatMap((item) => [item.id, item.upload?.id]));
      return [...stored.filter((item) => !known.has(item.id) && !known.has(item.upload?.id)), ...current];
    });
  }, []);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  const dismissNotices = useCallback(() => setNotices([]), []);

  return useMemo(() => {
    const ready: ChatAttachment[] = [];
    for (const item of items) if (item.upload && !item.error) ready.push(toAttachment(item.upload));
    return {
      items,
      uploading: items.some((item) => item.isUploading),
      ready,
      notices,
      add,
      remove,
      clear,
      restore,
      dismissNotices,
    };
  }, [items, notices, add, remove, clear, restore, dismissNotices]);
}
