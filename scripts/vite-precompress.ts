import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Brotli and gzip copies of every text file of the build, made once here at maximum compression so the server
 * never compresses on the fly (@fastify/static `preCompressed` picks them by Accept-Encoding).
 */
export function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: "precompress",
    apply: "build",
    writeBundle(options) {
      for (const file of files(options.dir ?? "dist")) {
        if (!compressible.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
