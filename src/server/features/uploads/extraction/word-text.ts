/**
 * Word files: DOCX through mammoth once the zip has passed the size checks, legacy DOC through
 * word-extractor. Both give one line per Word paragraph.
 */
import mammoth from "mammoth";
import WordExtractor from "word-extractor";
import { PassageCollector, paragraphsFromText } from "./passages";
import { UnreadableFileError } from "./unreadable-file-error";
import { assertSafeZip } from "./zip-guard";

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream an encrypted DOCX keeps inside its OLE wrapper, as named in the OLE directory. */
const ENCRYPTION_INFO = Buffer.from("EncryptionInfo", "utf16le");

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function isOle(bytes: Buffer): boolean {
  return OLE_MAGIC.every((byte, i) => bytes[i] === byte);
}

function collect(text: string): PassageCollector {
  const collector = new PassageCollector();
  collector.add(paragraphsFromText(text, "lines"));
  return collector;
}

export async function extractDocx(bytes: Buffer): Promise<PassageCollector> {
  // Word saves a password-protected DOCX as an OLE file holding the encrypted zip.
  if (isOle(bytes)) {
    if (bytes.includes(ENCRYPTION_INFO)) throw new UnreadableFileError("protected", "encrypted DOCX");
    return extractDoc(bytes);
  }
  await assertSafeZip(bytes);
  try {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    return collect(value);
  } catch (error) {
    throw new UnreadableFileError("damaged", String(error));
  }
}

export async function extractDoc(bytes: Buffer): Promise<PassageCollector> {
  // A zip read as DOC goes through the DOCX checks: word-extractor would unpack it unguarded.
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return extractDocx(bytes);
  if (isOle(bytes) && bytes.includes(ENCRYPTION_INFO)) throw new UnreadableFileError("protected", "encrypted OLE file");
  try {
    // word-extractor also reads a DOCX; it throws on any other file, OLE or not.
    const document = await new WordExtractor().extract(bytes);
    return collect([document.getBody(), document.getFootnotes(), document.getEndnotes()].join("\n"));
  } catch (error) {
    throw new UnreadableFileError("damaged", String(error));
  }
}
