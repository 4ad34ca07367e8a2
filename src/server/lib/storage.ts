import { rm } from "node:fs/promises";
import path from "node:path";

/**
 * Files kept for members (uploads, generated exports) live under DATA_DIR/uploads/<userId>/.
 * Keys stored in the database are relative to the uploads root.
 */
export function createStorage(dataDir: string) {
  const root = path.join(dataDir, "uploads");
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error("storage key outside the uploads folder");
    return full;
  };
  return {
    root,
    resolve,
    userDir: (userId: string) => resolve(userId),
    /** Remove every file of a member (their folder and any listed keys). */
    async removeUserFiles(userId: string, keys: string[]): Promise<void> {
      for (const key of keys) await rm(resolve(key), { force: true });
      await rm(resolve(userId), { recursive: true, force: true });
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
