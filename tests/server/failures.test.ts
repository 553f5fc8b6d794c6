import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type FailureRule,
  failures,
  languages,
  openApiCodeOf,
  openApiErrorCodes,
  openApiErrorStatus,
  translateMessage,
} from "#contracts";
import { Failure, fail, invalid } from "../../server/src/lib/failure";
import { translator } from "../../server/src/lib/i18n";

const rules = Object.entries(failures as Record<string, FailureRule>);
const serverSource = path.resolve(import.meta.dirname, "../../server/src");

describe("the failures table", () => {
  it.each(rules)("%s has a sentence in both languages and a client-error or server status", (_name, rule) => {
    for (const language of languages) expect(translator(language)(rule.message)).not.toBe(rule.message);
    expect(rule.status).toBeGreaterThanOrEqual(400);
    expect(rule.status).toBeLessThan(600);
  });

  it("gives every Open API failure a documented code", () => {
    for (const [, rule] of rules) expect(openApiErrorCodes).toContain(openApiCodeOf(rule.status, rule));
    expect(openApiCodeOf(500)).toBe("INTERNAL_ERROR");
    expect(openApiCodeOf(404)).toBe("NOT_FOUND");
  });

  it.each(rules.filter(([, rule]) => rule.openApi))(
    "answers %s's Open API code with the status that code is declared with (one status per code)",
    (_name, rule) => {
      expect(openApiErrorStatus[rule.openApi!]).toBe(rule.status);
      expect(openApiCodeOf(rule.status, rule)).toBe(rule.openApi);
    },
  );

  it("gives a code with another status only as its class's generic one, which goes out with the code's status", () => {
    // The Open API answers with the code's declared status (openapi-plugin.ts): for every failure of the table and
    // every status an error can have (Fastify's own included), that is the failure's status, unless no code stands
    // for it (a 403 of the portal's), when the generic code of its class says it.
    const generic = (status: number) => (status >= 500 ? "INTERNAL_ERROR" : "INVALID_REQUEST");
    for (const [name, rule] of rules) {
      const code = openApiCodeOf(rule.status, rule);
      if (openApiErrorStatus[code] !== rule.status)
        expect({ name, code }).toEqual({ name, code: generic(rule.status) });
    }
    for (let status = 400; status < 600; status++) {
      const code = openApiCodeOf(status);
      if (openApiErrorStatus[code] !== status) expect(code).toBe(generic(status));
    }
    for (const status of [400, 401, 404, 409, 413, 415, 429, 500, 503])
      expect(openApiErrorStatus[openApiCodeOf(status)]).toBe(status);
    // A rule's code of another status is not given (the contracts' types refuse such a rule as well).
    expect(openApiCodeOf(404, { status: 404, message: "x", openApi: "PRODUCT_UNAVAILABLE" } as never)).toBe(
      "NOT_FOUND",
    );
  });

  it("declares every code once, with one client-error or server status", () => {
    expect(new Set(openApiErrorCodes).size).toBe(openApiErrorCodes.length);
    expect(openApiErrorCodes).toEqual(Object.keys(openApiErrorStatus));
    for (const code of openApiErrorCodes) expect(openApiErrorStatus[code]).toBeGreaterThanOrEqual(400);
    expect(openApiErrorStatus).toMatchObject({
      PRODUCT_NOT_FOUND: 404,
      PRODUCT_UNAVAILABLE: 409,
      INVALID_REQUEST: 400,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
    });
  });

  it("reads a parameter in both languages, or a nested message, in the reader's language", () => {
    const label = { "en-US": "Mobile number", "zh-CN": "手机号码" };
    const error = invalid({
      "inputs.account": {
        key: "validation.inputField",
        params: { field: label, message: { key: "validation.pattern", params: {} } },
      },
    });
    expect(error.message).toBe("inputs.account: Mobile number: The format is not valid");
    const ref = error.fields?.["inputs.account"];
    expect(ref && translateMessage(translator("zh-CN"), ref, "zh-CN")).toBe("手机号码：格式不正确");
    const conflict = fail("merchantOrderNoConflict", { merchantOrderNo: "X1", fields: label });
    expect(conflict.message).toBe(
      "Merchant order number X1 was already used for a different order (differs in: Mobile number)",
    );
    expect(translateMessage(translator("zh-CN"), conflict.messageRef, "zh-CN")).toBe(
      "商户订单号 X1 已用于另一笔不同的订单（不同之处：手机号码）",
    );
  });

  it("puts a failure with a field on that field, and several fields on theirs", () => {
    expect(fail("usernameTaken", { username: "a" }).fields).toEqual({
      username: { key: "member.errors.usernameTaken", params: { username: "a" } },
    });
    expect(fail("orderNotFound").fields).toBeUndefined();
    expect(invalid({ a: "validation.required" }).fields).toEqual({ a: "validation.required" });
  });

  it("is the only way services fail: no HTTP status, header or reply in a service", () => {
    const services = readdirSync(serverSource, { recursive: true, encoding: "utf8" }).filter((f) =>
      /\.(service|repository)\.ts$/.test(f),
    );
    expect(services.length).toBeGreaterThan(10);
    for (const file of services) {
      const text = readFileSync(path.join(serverSource, file), "utf8");
      const http = /\breply\.(code|header|status)\(|\bstatusCode\b|from "fastify"|plugins\//.test(text);
      expect({ file, http }).toEqual({ file, http: false });
    }
  });

  it("keeps the cause of a server-side failure for the log", () => {
    const cause = new Error("disk full");
    expect(new Failure("storageUnwritable", {}, { cause }).cause).toBe(cause);
  });
});
