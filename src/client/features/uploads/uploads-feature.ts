import type { Uploads } from "@client/components/uploads/file-uploads";
import { useUploadAllowance } from "./uploads-api";
import { useFileUploads } from "./use-file-uploads";

/** The uploads feature as the app gives it to the pages that take files (`UploadsProvider`). */
export const uploadsFeature: Uploads = { useFileUploads, useUploadAllowance };
