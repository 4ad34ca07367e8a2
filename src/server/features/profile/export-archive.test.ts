import { describe, expect, it } from "vitest";
import { createZipNames, safeFileName } from "./export-archive";

describe("names inside the archive", () => {
  it("are one safe path segment, their extension kept", () => {
    expect(safeFileName("../../etc/passwd")).toBe("_.._etc_passwd");
    expect(safeFileName("report.\u202Efdp.exe")).toBe("report.fdp.exe");
    expect(safeFileName("nul.txt")).toBe("_nul.txt");
    expect(safeFileName(" . ")).toBe("file");
    expect(safeFileName("trailing dot.")).toBe("trailing dot");
    const long = safeFileName(`${"é".repeat(200)}.pdf`);
    expect([...long]).toHaveLength(120);
    expect(long.endsWith(".pdf")).toBe(true);
  });

  it("never repeat, whatever the case", () => {
    const names = createZipNames();
    expect(["a.pdf", "A.pdf", "a (2).pdf", "a.pdf", "b"].map((n) => names.take("files/", n))).toEqual([
      "files/a.pdf",
      "files/A (2).pdf",
      "files/a (2) (2).pdf",
      "files/a (3).pdf",
      "files/b",
    ]);
  });
});
