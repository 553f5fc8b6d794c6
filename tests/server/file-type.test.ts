import { describe, expect, it } from "vitest";
import { detectFileType } from "../../server/src/lib/file-type";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("detectFileType", () => {
  it("recognises PNG, JPEG, WebP and PDF by their first bytes", () => {
    expect(detectFileType(bytes([0x89], "PNG\r\n\x1a\n", [0, 0, 0, 13]))).toBe("image/png");
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0], "\0\x10JFIF"))).toBe("image/jpeg");
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe1], "\0\x10Exif"))).toBe("image/jpeg");
    expect(detectFileType(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
    expect(detectFileType(bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"))).toBe("application/pdf");
  });

  it("refuses executables, archives, HTML, SVG and other RIFF files", () => {
    for (const content of [
      bytes("MZ", [0x90, 0, 3, 0]),
      bytes([0x7f], "ELF", [2, 1, 1]),
      bytes("PK", [3, 4]),
      bytes("<!doctype html><script>alert(1)</script>"),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "),
      bytes("GIF89a"),
    ]) {
      expect(detectFileType(content), content.toString("latin1")).toBeNull();
    }
  });

  it("refuses signatures that are cut short or shifted", () => {
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
    expect(detectFileType(bytes([0x89], "PNG\r\n"))).toBeNull();
    expect(detectFileType(bytes([0xff, 0xd8]))).toBeNull();
    expect(detectFileType(bytes("RIFF", [0, 0, 0, 0], "WEB"))).toBeNull();
    expect(detectFileType(bytes("%PDF"))).toBeNull();
    expect(detectFileType(bytes(" %PDF-1.4"))).toBeNull();
    expect(detectFileType(bytes("x", [0x89], "PNG\r\n\x1a\n"))).toBeNull();
  });
});
