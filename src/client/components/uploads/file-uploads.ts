import type { ChatAttachment, UploadAllowance, UploadSummary } from "@shared/schemas/uploads";
import { createContext, useContext } from "react";

/**
 * What a page that takes files works with: the files chosen (the pieces in this folder draw them),
 * and the uploads feature's hooks that send them. Client features do not import one another: the
 * app gives the uploads feature (src/client/features/uploads) to the pages of the member area
 * through `UploadsProvider` (src/client/app/layouts/DashboardLayout.tsx), and they read it with
 * `useUploads`.
 */

/**
 * A file chosen for sending (the spec's Pending upload: id, name, type, size, url, isUploading),
 * with how far its upload has gone, why it failed, and the server's record once stored.
 */
export interface PendingUpload {
  /** This page's id for the file (not the server's: see `upload`). */
  id: string;
  name: string;
  type: string;
  size: number;
  /** Where the stored file is downloaded from; empty until it is stored. */
  url: string;
  isUploading: boolean;
  /** Percent of the bytes sent, 0 to 100. */
  progress: number;
  /** Why the upload failed, in words for the member. */
  error: string | null;
  /** The server's record, once the file is stored. */
  upload: UploadSummary | null;
}

export interface FileUploadsOptions {
  /** The case the files are brought into. A new case id starts with no files. */
  caseId?: string | undefined;
  /** The administrator's upload limit, in MB (public setting `maxFileUploadSize`). */
  maxMb: number;
  /** Files held at once at most (failed ones not counted). */
  maxFiles?: number;
  /** What to say when more files are chosen than `maxFiles` allows. */
  tooManyText?: string;
  onUploaded?: (item: PendingUpload, upload: UploadSummary) => void;
  /** `status` is the server's answer (402: the monthly allowance is used up; 0: no answer). */
  onFailed?: (item: PendingUpload, message: string, status: number) => void;
}

export interface FileUploads {
  items: PendingUpload[];
  /** Some file is still on its way: sending must wait. */
  uploading: boolean;
  /** The stored files, as a chat message carries them. */
  ready: ChatAttachment[];
  /** Why files just chosen were refused (the spec's alerts), one line per reason. */
  notices: string[];
  /** Check and start uploading files; returns how many were taken (the rest are in `notices`). */
  add: (files: Iterable<File> | ArrayLike<File>) => number;
  /** Take a file away: cancel its upload, or delete the stored file. */
  remove: (id: string) => void;
  /** Forget every file without deleting them (they were sent); returns what was held. */
  clear: () => PendingUpload[];
  /** Put back files `clear` returned (their message could not be sent). */
  restore: (items: PendingUpload[]) => void;
  dismissNotices: () => void;
}

/** The stored file as a message carries it. */
export function toAttachment(upload: UploadSummary): ChatAttachment {
  return { id: upload.id, fileName: upload.fileName, mimeType: upload.mimeType, sizeBytes: upload.sizeBytes };
}

/** The uploads feature as the pages that take files use it. */
export interface Uploads {
  /**
   * The files a member is about to send: each is checked as the server will check it (type,
   * size), uploaded at once with its progress, and can be taken away again until sent.
   */
  useFileUploads: (options: FileUploadsOptions) => FileUploads;
  /** This month's uploads against the plan's allowance (asked for only while `enabled`). */
  useUploadAllowance: (enabled?: boolean) => UploadAllowance | undefined;
}

const UploadsContext = createContext<Uploads | null>(null);

export const UploadsProvider = UploadsContext.Provider;

/** The uploads feature, as the app gave it to this page. */
export function useUploads(): Uploads {
  const uploads = useContext(UploadsContext);
  if (!uploads) throw new Error("No uploads feature here: the app gives it to the pages that take files.");
  return uploads;
}
