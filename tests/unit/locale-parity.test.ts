import { describe, expect, it } from "vitest";
import {
  auditActions,
  auditActorKinds,
  ExportStatus,
  exportTypes,
  languages,
  merchantStatuses,
  resources,
  roles,
  titleKey,
} from "#contracts";
import { buildLocaleResources } from "../../src/lib/locale-resources";

const files = import.meta.glob<{ default: Record<string, unknown> }>("/locales/*/*.json", { eager: true });

function leaves(tree: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === "string") out.set(prefix, tree);
  else if (tree && typeof tree === "object") {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const byLanguage = (language: string) =>
  new Map(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`/locales/${language}/`))
      .map(([path, module]) => [path.split("/").pop()!, module.default]),
  );
const en = byLanguage("en-US");
const zh = byLanguage("zh-CN");
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("locale files", () => {
  it("exist for both languages with the same namespaces", () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    expect([...en.keys()]).toEqual(
      expect.arrayContaining(["common.json", "menus.json", "validation.json", "errors.json", "enums.json"]),
    );
  });

  for (const namespace of [...en.keys()].sort()) {
    it(`${namespace}: same keys, no empty text, same interpolation variables`, () => {
      const a = leaves(en.get(namespace));
      const b = leaves(zh.get(namespace));
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      for (const [key, text] of a) {
        expect(text.trim(), `en-US ${namespace} ${key}`).not.toBe("");
        expect(b.get(key)?.trim(), `zh-CN ${namespace} ${key}`).not.toBe("");
        expect(variables(b.get(key) ?? ""), `${namespace} ${key}`).toEqual(variables(text));
      }
    });
  }

  it("name every resource, role, merchant status, export type/status and audit action/actor of the contracts", () => {
    for (const language of languages) {
      const keys = leaves(buildLocaleResources(files)[language]?.translation);
      const required = [
        ...resources.map((r) => titleKey(r.name)),
        ...roles.map((r) => `enums.role.${r}`),
        ...merchantStatuses.map((s) => `enums.merchantStatus.${s}`),
        ...exportTypes.map((t) => `enums.exportType.${t}`),
        ...Object.values(ExportStatus).map((s) => `enums.exportStatus.${s}`),
        ...auditActions.map((a) => `console-audit.actions.${a}`),
        ...auditActorKinds.map((k) => `console-audit.actorKinds.${k}`),
      ];
      for (const key of required) expect(keys.has(key), `${language} ${key}`).toBe(true);
    }
  });

  it("carry the spec's exact English messages", () => {
    const english = leaves(buildLocaleResources(files)["en-US"]?.translation);
    expect(english.get("validation.usernameRequired")).toBe("Username is required");
    expect(english.get("validation.passwordRequired")).toBe("Password is required");
    expect(english.get("validation.passwordMin")).toBe("Password length must be at least 3 characters");
    expect(english.get("validation.passwordMismatch")).toBe("The password entered twice does not match");
    expect(english.get("validation.urlInvalid")).toBe("Please enter a valid URL");
    expect(english.get("export-task.terminated")).toBe("Task terminated");
    expect(english.get("export-task.deleted")).toBe("task deleted");
    expect(english.get("export-task.loadFailed")).toBe("Failed to load export task list: {{reason}}");
    expect(english.get("common.operationFailedReason")).toBe("Operation failed：{{reason}}");
    expect(english.get("common.saveSuccess")).toBe("Save successful!");
    expect(english.get("common.loginStatusFailed")).toBe("failed to get login status");
  });
});
