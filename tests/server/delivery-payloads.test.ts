import { describe, expect, it } from "vitest";
import { OPENAPI_HEADERS, signingString } from "#contracts";
import { generateRsaKeyPair, rsaSign, rsaVerify } from "../../server/src/lib/signing";
import { deliveryBody, loggableUrl, signedRequest } from "../../server/src/modules/delivery/payloads";

const event = {
  eventId: "6f1c2d3e-0000-4000-8000-000000000001",
  type: "order.success",
  createdAt: new Date("2026-11-21T10:00:00.000Z"),
  payload: { orderNo: "O1", version: 2 },
};

describe("delivery payloads", () => {
  it("wraps the event's data with its id, type and time", () => {
    expect(JSON.parse(deliveryBody(event))).toEqual({
      eventId: event.eventId,
      type: "order.success",
      createTime: "2026-11-21T10:00:00.000Z",
      data: { orderNo: "O1", version: 2 },
    });
  });

  it("signs method, path with query, timestamp, nonce and body with the platform key", async () => {
    const keys = await generateRsaKeyPair();
    const signer = { serial: 3, sign: (m: string) => rsaSign(keys.privateKey, m) };
    const at = new Date("2026-11-21T10:00:05.000Z");
    const req = signedRequest("https://merchant.example/hooks/o?x=1&y=2", event, { appId: "app_1", signer }, at);
    const h = req.headers;
    expect(h).toMatchObject({
      "content-type": "application/json",
      [OPENAPI_HEADERS.appId]: "app_1",
      [OPENAPI_HEADERS.timestamp]: String(at.getTime()),
      [OPENAPI_HEADERS.keySerial]: "3",
      [OPENAPI_HEADERS.eventId]: event.eventId,
    });
    expect(h[OPENAPI_HEADERS.nonce]).toMatch(/^[0-9a-f]{32}$/);
    const message = (path: string) =>
      signingString({
        method: "POST",
        pathWithQuery: path,
        timestamp: h[OPENAPI_HEADERS.timestamp]!,
        nonce: h[OPENAPI_HEADERS.nonce]!,
        body: req.body,
      });
    expect(rsaVerify(keys.publicKey, message("/hooks/o?x=1&y=2"), h[OPENAPI_HEADERS.signature]!)).toBe(true);
    expect(rsaVerify(keys.publicKey, message("/hooks/o"), h[OPENAPI_HEADERS.signature]!)).toBe(false);
    expect(req.body).toBe(deliveryBody(event));
  });

  it("keeps credentials out of the logged URL", () => {
    expect(loggableUrl("https://user:secret@merchant.example/hook?a=1")).toBe("https://merchant.example/hook?a=1");
  });
});
