import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type FailureRule, failures, languages, openApiCodeOf, openApiErrorCodes } from "#contracts";
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
