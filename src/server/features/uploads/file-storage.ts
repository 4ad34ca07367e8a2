import { setImmediate } from "node:timers/promises";
import type { Db } from "../../db/client";
import { countChunkBytes, deleteChunks, insertChunk, readChunk } from "./uploads.queries";

/**
 * Where uploaded files' bytes live. Each file is written once, as it arrives, and read back in
 * pieces; a file's bytes belong to its upload row (`key` is the upload's id), so they go with it.
 *
 * The default keeps them in PostgreSQL (decision 012): several server processes share them with no
 * other server to run, and they go with the member's account and backups. An S3-compatible store
 * can sit behind the same interface.
 */
export interface FileStorage {
  /** Store a file's bytes as they arrive; resolves with the number of bytes written. */
  write(key: string, source: AsyncIterable<Uint8Array>): Promise<number>;
  /** The file's bytes in order, a piece at a time. */
  read(key: string): AsyncIterable<Buffer>;
  remove(key: string): Promise<void>;
  size(key: string): Promise<number>;
}

/** Pieces of about 1 MB: few rows per file, and no more than one piece held in memory. */
export const CHUNK_BYTES = 1024 * 1024;

export function createPostgresFileStorage(db: Db): FileStorage {
  return {
    async write(key, source) {
      let seq = 0;
      let total = 0;
      let held: Buffer[] = [];
      let heldBytes = 0;
      const flush = async () => {
        if (heldBytes === 0) return;
        const piece = Buffer.concat(held, heldBytes);
        held = [];
        heldBytes = 0;
        await insertChunk(db, key, seq++, piece);
      };
      for await (const part of source) {
        let data = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
        total += data.length;
        while (data.length > 0) {
          const room = CHUNK_BYTES - heldBytes;
          const taken = data.subarray(0, room);
          held.push(Buffer.from(taken));
          heldBytes += taken.length;
          data = data.subarray(taken.length);
          if (heldBytes === CHUNK_BYTES) await flush();
        }
      }
      await flush();
      return total;
    },
    async *read(key) {
      for (let seq = 0; ; seq++) {
        const piece = await readChunk(db, key, seq);
        if (!piece) return;
        yield piece;
        // The embedded engine answers without waiting for I/O, and a fast reader (a download on a
        // quick connection, an export, the reading process) takes each piece at once: a turn of
        // the event loop between pieces lets other requests in meanwhile.
        await setImmediate();
      }
    },
    remove: (key) => deleteChunks(db, key),
    size: (key) => countChunkBytes(db, key),
  };
}

/** A stored file's whole bytes (for reading its text; files are at most the upload limit). */
export async function readWhole(storage: FileStorage, key: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of storage.read(key)) pieces.push(piece);
  return Buffer.concat(pieces);
}
