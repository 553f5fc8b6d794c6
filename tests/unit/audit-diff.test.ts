import { describe, expect, it } from "vitest";
import { valueText } from "../../src/console/pages/audit/audit-changes";
import { auditDiff, differences, enumOfField, sameValue } from "../../src/console/pages/audit/audit-diff";
import { i18n } from "../../src/providers/i18n-provider";

describe("an audit entry's before and after, field by field", () => {
  it("lists changes, then added and removed fields in recorded order, then what stayed the same", () => {
    const changes = auditDiff(
      { username: "ann@shop.test", role: "operator", enabled: true, phone: "123" },
      { username: "ann@shop.test", role: "finance", enabled: false, remark: "moved to finance" },
    );
    expect(changes).toEqual([
      { field: "role", kind: "changed", before: "operator", after: "finance" },
      { field: "enabled", kind: "changed", before: true, after: false },
      { field: "phone", kind: "removed", before: "123" },
      { field: "remark", kind: "added", after: "moved to finance" },
      { field: "username", kind: "same", value: "ann@shop.test" },
    ]);
    expect(differences(changes).map((c) => c.field)).toEqual(["role", "enabled", "phone", "remark"]);
  });

  it("compares lists and objects by value, whatever the order of their keys", () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(auditDiff({ roleIds: [1, 2] }, { roleIds: [1, 2] })).toEqual([
      { field: "roleIds", kind: "same", value: [1, 2] },
    ]);
  });

  it("gives a created or a deleted record whole, and nothing for an entry without either", () => {
    expect(auditDiff(null, { name: "Wholesale", currency: "USD" })).toEqual([
      { field: "name", kind: "record", value: "Wholesale" },
      { field: "currency", kind: "record", value: "USD" },
    ]);
    expect(auditDiff({ code: "GIFT" }, null)).toEqual([{ field: "code", kind: "record", value: "GIFT" }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it("reads a status or a role in words, by the entry's target, in the reader's language", async () => {
    await i18n.changeLanguage("en-US");
    const t = i18n.t.bind(i18n);
    expect(valueText(t, "pending", enumOfField("deposit", "status"))).toBe("Pending");
    expect(valueText(t, "finance", enumOfField("user", "role"))).toBe("Finance");
    expect(valueText(t, "processing", enumOfField("order", "status"))).toBe("Processing");
    // A field without texts, or a value they lack, reads as recorded.
    expect(enumOfField("supplier", "status")).toBeUndefined();
    expect(valueText(t, "paused", enumOfField("supplier", "status"))).toBe("paused");
    expect(valueText(t, "someday", enumOfField("deposit", "status"))).toBe("someday");
    await i18n.changeLanguage("zh-CN");
    expect(valueText(i18n.t.bind(i18n), "pending", enumOfField("deposit", "status"))).toBe("待审核");
    await i18n.changeLanguage("en-US");
  });
});
