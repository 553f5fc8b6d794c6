import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";
import { endToEnd, forward } from "./forward";

/**
 * What a browser reaches in production: the server behind a TLS terminator (nginx, HAProxy, a cloud balancer;
 * README, "Running several processes") that speaks HTTP/2 to browsers. Over TLS the browser asks for brotli,
 * which the server sends precompressed, and HTTP/2 carries every file on one connection; over plain HTTP/1.1 it
 * gets gzip and six connections. Node's own http2, with a throwaway self-signed certificate (openssl) that the
 * browser is told to trust by its key's hash (`spkiHash`), so Lighthouse sees a secure page.
 */
export async function tlsTerminator(upstreamUrl: string) {
  const upstream = new URL(upstreamUrl);
  const dir = mkdtempSync(path.join(tmpdir(), "mp-bench-tls-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync("openssl", [
    ...["req", "-x509", "-nodes", "-days", "2", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
    ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
  ]);
  const publicKey = execFileSync("openssl", ["x509", "-in", cert, "-pubkey", "-noout"]);
  const der = execFileSync("openssl", ["pkey", "-pubin", "-outform", "der"], { input: publicKey });
  const spkiHash = execFileSync("openssl", ["dgst", "-sha256", "-binary"], { input: der }).toString("base64");

  const to = { host: upstream.hostname, port: Number(upstream.port), agent: new http.Agent({ keepAlive: true }) };
  const server = http2.createSecureServer(
    { key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true },
    (req, res) =>
      forward(req, res, to, { ...endToEnd(req.headers), host: upstream.host, "x-forwarded-proto": "https" }),
  );
  // Closing waits for open sessions, and a browser keeps its connection: end them too.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the TLS terminator has no port");
  return {
    url: `https://127.0.0.1:${address.port}`,
    /** For Chromium's `--ignore-certificate-errors-spki-list`: it then trusts this certificate and no other. */
    spkiHash,
    close: async () => {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      to.agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
