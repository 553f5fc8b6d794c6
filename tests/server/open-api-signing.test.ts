import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { signingString } from "#contracts";
import { hmacSign, hmacVerify, rsaSign, rsaVerify, signingBytes } from "../../server/src/lib/signing";

/**
 * Fixed vectors: the same inputs give the same signatures in every SDK. docs/open-api.md publishes them, and
 * the key pair is tests/fixtures/open-api (a test key, never used anywhere else).
 */
const parts = {
  method: "POST",
  pathWithQuery: "/openapi/v1/orders?lang=en",
  timestamp: "1795428000000",
  nonce: "3f9a1c2e7b6d4a50",
};
const body = '{"productId":1,"skuId":2,"merchantOrderNo":"MO-1","inputs":{"account":"13800138000"}}';
const SECRET = "test-secret-0123456789";
const HMAC = "4HW7tpMfzYVf0HTAvPd+8nX9T+ZgrrlSXrCeQ6aNRdw=";
const RSA2 =
  "WCNGee91yW7wTdEXL7stXf3kl3yNRBYjNe90oSIfu/gCio2JMEoVD7nm+Xn47t80giH8t2ugmNq0iaPp7C9qCu35oNjGaOa3nCC2O1e/EC4MQUVEgWnt869ZfLQzlSY1L+2Ahj9aIbYc9yo/Z2B9vdt1aBt1I62uznQ5IgtwfPvUxvIBOfZjDs1rhUVONME3YIafnbTt8jVHmcFHITHoTH2JUy6LVqVIVZoDjD7VqRUZBmTRGLOgXnMQDFcE4jJYspdqRQ814xGWMGAJN3WOlGWKHLDcq/mSbQqVIH5cYlbZsobgMuD7zg8dXvKAEF2DllMrvfHTRGN7fnulh/FImQ==";
const privateKey = readFileSync("tests/fixtures/open-api/merchant-private.pem", "utf8");
const publicKey = readFileSync("tests/fixtures/open-api/merchant-public.pem", "utf8");

describe("Open API signatures", () => {
  it("builds the signing string line by line, with an empty line for an empty body", () => {
    expect(signingString({ ...parts, body })).toBe(
      `POST\n/openapi/v1/orders?lang=en\n1795428000000\n3f9a1c2e7b6d4a50\n${body}\n`,
    );
    expect(signingString({ ...parts, method: "get", body: "" })).toBe(
      "GET\n/openapi/v1/orders?lang=en\n1795428000000\n3f9a1c2e7b6d4a50\n\n",
    );
    expect(signingBytes(parts, Buffer.from(body)).toString("utf8")).toBe(signingString({ ...parts, body }));
  });

  it("gives the published HMAC-SHA256 and SHA256withRSA signatures", () => {
    const message = signingString({ ...parts, body });
    expect(hmacSign(SECRET, message)).toBe(HMAC);
    expect(rsaSign(privateKey, message)).toBe(RSA2);
    expect(hmacVerify(SECRET, signingBytes(parts, Buffer.from(body)), HMAC)).toBe(true);
    expect(rsaVerify(publicKey, signingBytes(parts, Buffer.from(body)), RSA2)).toBe(true);
  });

  it("refuses any change: body, path, timestamp, nonce, key", () => {
    const changed = [
      signingString({ ...parts, body: body.replace("MO-1", "MO-2") }),
      signingString({ ...parts, pathWithQuery: "/openapi/v1/orders", body }),
      signingString({ ...parts, timestamp: "1795428000001", body }),
      signingString({ ...parts, nonce: "3f9a1c2e7b6d4a51", body }),
    ];
    for (const message of changed) {
      expect(hmacVerify(SECRET, message, HMAC)).toBe(false);
      expect(rsaVerify(publicKey, message, RSA2)).toBe(false);
    }
    expect(hmacVerify("another-secret", signingString({ ...parts, body }), HMAC)).toBe(false);
    expect(rsaVerify(publicKey, signingString({ ...parts, body }), "bm90IGEgc2lnbmF0dXJl")).toBe(false);
  });

  it("agrees with the documented Node example", async () => {
    // Plain JavaScript for merchants to copy, so typed here by what the test uses.
    const examplePath: string = "../../docs/examples/open-api/client.mjs";
    const example = (await import(examplePath)) as {
      signingString(method: string, path: string, timestamp: string, nonce: string, body: string): string;
      signRequest(key: { secret: string } | { privateKey: string }, message: string): string;
    };
    const message = example.signingString(parts.method, parts.pathWithQuery, parts.timestamp, parts.nonce, body);
    expect(example.signRequest({ secret: SECRET }, message)).toBe(HMAC);
    expect(example.signRequest({ privateKey }, message)).toBe(RSA2);
  });
});
