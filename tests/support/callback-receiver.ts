import http from "node:http";
import type { AddressInfo } from "node:net";
import { OPENAPI_HEADERS, signingString } from "#contracts";
import { rsaVerify } from "../../server/src/lib/signing";

export interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked with the platform public key, as a merchant's receiver would. */
  signed: boolean;
}

/** A merchant's receiver on 127.0.0.1: verifies every request, records it, answers `status(n)` for the n-th. */
export async function receiver(publicKey: string, status: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const h = (name: string) => String(req.headers[name] ?? "");
      const message = signingString({
        method: req.method ?? "",
        pathWithQuery: req.url ?? "",
        timestamp: h(OPENAPI_HEADERS.timestamp),
        nonce: h(OPENAPI_HEADERS.nonce),
        body,
      });
      received.push({
        url: req.url ?? "",
        headers: req.headers,
        body,
        signed: rsaVerify(publicKey, message, h(OPENAPI_HEADERS.signature)),
      });
      const code = status(received.length);
      res.writeHead(code, { "content-type": "text/plain" }).end(code === 200 ? "ok" : "receiver says no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = "/hooks/orders?from=portal") => `http://127.0.0.1:${port}${path}`,
    bodies: () => received.map((r) => JSON.parse(r.body)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof receiver>>;
