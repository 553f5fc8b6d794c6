import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type FailureRule, failures, languages, openApiCodeOf, openApiErrorCodes, translateMessage } from "#contracts";
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
