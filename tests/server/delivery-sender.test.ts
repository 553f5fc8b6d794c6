import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { readStoredText } from "#contracts";
import { translator } from "../../server/src/lib/i18n";
import { httpSender, type Send } from "../../server/src/modules/delivery/sender";

/** Real sockets on 127.0.0.1: what the sender does with each kind of answer, and what the guard refuses. */

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function server(handler: http.RequestListener) {
  const hits: string[] = [];
  const s = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as AddressInfo).port;
  return { hits, port, url: (path = "/hook") => `http://127.0.0.1:${port}${path}` };
}

const request = (url: string) => ({ url, headers: { "content-type": "application/json" }, body: '{"a":1}' });
/** The sender keeps its reasons as message keys; read them as the English delivery log shows them. */
const english = translator("en-US");
const inEnglish =
  (send: Send): Send =>
  async (r) => {
    const result = await send(r);
    return result.ok ? result : { ...result, error: readStoredText(english, result.error) };
  };
const open = inEnglish(httpSender({ allowPrivate: true, timeoutMs: 300 }));
const guarded = inEnglish(httpSender({ allowPrivate: false, timeoutMs: 300 }));

describe("delivery sender", () => {
  it("succeeds on any 2xx and sends the body as given", async () => {
    let got = "";
    const s = await server((req, res) => {
      req.on("data", (c: Buffer) => {
        got += c.toString();
      });
      req.on("end", () => res.writeHead(204).end());
    });
    expect(await open(request(s.url("/hook?x=1")))).toEqual({ ok: true, status: 204 });
    expect([s.hits, got]).toEqual([["POST /hook?x=1"], '{"a":1}']);
  });

  it("fails on other statuses with a short excerpt of the answer, and follows no redirect", async () => {
    const s = await server((_req, res) => res.writeHead(500).end(`${"x".repeat(150)}   ${"y".repeat(500)}`));
    const result = await open(request(s.url()));
    expect(result).toEqual({ ok: false, status: 500, error: `HTTP 500: ${"x".repeat(150)} ${"y".repeat(47)}` });
    const elsewhere = await server((_req, res) => res.writeHead(200).end());
    const redirecting = await server((_req, res) => res.writeHead(302, { location: elsewhere.url() }).end());
    expect(await open(request(redirecting.url()))).toEqual({ ok: false, status: 302, error: "HTTP 302" });
    expect(elsewhere.hits).toEqual([]);
  });

  it("gives up after the time limit, and says when nobody listens", async () => {
    const silent = await server(() => {});
    expect(await open(request(silent.url()))).toEqual({ ok: false, status: null, error: "timed out after 0.3 s" });
    const gone = await server(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await open(request(gone.url()))).toEqual({ ok: false, status: null, error: "connection refused" });
  });

  it("refuses private addresses, literal or resolved, without connecting", async () => {
    const s = await server((_req, res) => res.writeHead(200).end());
    expect(await guarded(request(s.url()))).toEqual({
      ok: false,
      status: null,
      error: "blocked: private address 127.0.0.1",
    });
    const byName = await guarded(request(`http://localhost:${s.port}/hook`));
    expect(byName).toMatchObject({ ok: false, status: null });
    expect((byName as { error: string }).error).toMatch(/^blocked: private address (127\.0\.0\.1|::1)$/);
    for (const host of ["10.1.2.3", "169.254.169.254", "[::1]", "[fd00::1]", "0.0.0.0", "[::ffff:127.0.0.1]"])
      expect(await guarded(request(`http://${host}:${s.port}/`))).toMatchObject({
        error: expect.stringMatching(/^blocked/),
      });
    expect(s.hits).toEqual([]);
  });

  it("refuses what is not an http(s) URL", async () => {
    expect(await open(request("ftp://example.com/x"))).toEqual({
      ok: false,
      status: null,
      error: "unsupported protocol ftp:",
    });
    expect(await open(request("not a url"))).toEqual({ ok: false, status: null, error: "invalid URL" });
  });
});
