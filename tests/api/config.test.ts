import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/src/config";

describe("loadConfig", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mp-config-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const secretsFile = () => path.join(dataDir, "secrets.json");
  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
  const failure = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
  };

  it("applies the documented defaults", () => {
    const config = load();
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 8080,
      HOST: "127.0.0.1",
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
      PASSWORD_HASH_LOG2N: 17,
      TRUST_PROXY: false,
      CHAT_WIDGET_SETTINGS: {},
      dataDir: path.resolve(dataDir),
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.CHAT_WIDGET_SCRIPT_URL).toBeUndefined();
  });

  it("treats an empty variable as not set", () => {
    expect(load({ PORT: "", SESSION_IDLE_MINUTES: "", LOG_LEVEL: "" })).toMatchObject({
      PORT: 8080,
      SESSION_IDLE_MINUTES: 30,
      LOG_LEVEL: "info",
    });
    expect(failure({ NODE_ENV: "production", ENCRYPTION_KEY: "" })).toContain("ENCRYPTION_KEY: required in production");
  });

  it("allows a password-hash cost below OWASP's 2^17 only in tests", () => {
    for (const NODE_ENV of ["development", "production"])
      expect(
        failure({ NODE_ENV, PASSWORD_HASH_LOG2N: "12", ENCRYPTION_KEY: randomBytes(32).toString("base64") }),
      ).toContain("PASSWORD_HASH_LOG2N: must be at least 17");
    expect(load({ NODE_ENV: "test", PASSWORD_HASH_LOG2N: "12" }).PASSWORD_HASH_LOG2N).toBe(12);
    expect(load({ PASSWORD_HASH_LOG2N: "18" }).PASSWORD_HASH_LOG2N).toBe(18);
  });

  it.each(["abc", "70000", "-1", "80.5"])("rejects PORT=%j with a ConfigError naming PORT", (PORT) => {
    const message = failure({ PORT });
    expect(message).toMatch(/^Configuration is not valid:\n {2}PORT: /);
    expect(message).not.toMatch(/\n\s+at /);
  });

  it.each([
    ["SESSION_IDLE_MINUTES", "0"],
    ["LOG_LEVEL", "loud"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["TRUST_PROXY", "maybe"],
    ["CHAT_WIDGET_SCRIPT_URL", "ftp://example.test/widget.js"],
    ["CHAT_WIDGET_SETTINGS", "[1]"],
    ["ENCRYPTION_KEY", "too-short"],
    ["ENCRYPTION_OLD_KEYS", "too-short"],
  ])("rejects a bad %s with a ConfigError naming it", (name, value) => {
    expect(failure({ [name]: value })).toContain(`\n  ${name}: `);
  });

  it("requires ENCRYPTION_KEY in production and writes no key file", () => {
    const message = failure({ NODE_ENV: "production" });
    expect(message).toContain("ENCRYPTION_KEY: required in production");
    expect(() => statSync(secretsFile())).toThrow();
  });

  it("uses the given key in production (base64 or hex), old keys after it", () => {
    const key = randomBytes(32);
    const old = randomBytes(32);
    const base64 = load({ NODE_ENV: "production", ENCRYPTION_KEY: key.toString("base64") });
    expect(base64.encryptionKeys).toEqual([key]);
    const hex = load({
      NODE_ENV: "production",
      ENCRYPTION_KEY: key.toString("hex"),
      ENCRYPTION_OLD_KEYS: ` ${old.toString("base64")} ,`,
    });
    expect(hex.encryptionKeys).toEqual([key, old]);
    expect(() => statSync(secretsFile())).toThrow();
  });

  it("generates DATA_DIR/secrets.json once outside production and reuses it", () => {
    const first = load();
    const written = readFileSync(secretsFile(), "utf8");
    expect(statSync(secretsFile()).mode & 0o777).toBe(0o600);
    const stored = Buffer.from(JSON.parse(written).encryptionKey, "base64");
    expect(stored).toHaveLength(32);
    expect(first.encryptionKeys).toEqual([stored]);

    const second = load();
    expect(second.encryptionKeys).toEqual([stored]);
    expect(readFileSync(secretsFile(), "utf8")).toBe(written);
  });

  it("creates a missing DATA_DIR for the key file", () => {
    const nested = path.join(dataDir, "a", "b");
    const config = loadConfig({ DATA_DIR: nested });
    const stored = JSON.parse(readFileSync(path.join(nested, "secrets.json"), "utf8")).encryptionKey;
    expect(config.encryptionKeys).toEqual([Buffer.from(stored, "base64")]);
  });

  it("refuses to make a new key beside an embedded database made with another", () => {
    mkdirSync(path.join(dataDir, "pgdata"));
    expect(failure({})).toContain("pgdata holds a database but");
    expect(() => statSync(secretsFile())).toThrow();
    // On PostgreSQL a left-over pgdata folder is no one's: the key is made as usual.
    expect(load({ DATABASE_URL: "postgres://localhost/x" }).encryptionKeys).toHaveLength(1);
  });

  it("refuses a damaged secrets.json instead of replacing the key", () => {
    writeFileSync(secretsFile(), JSON.stringify({ encryptionKey: "short" }));
    expect(failure({})).toContain("holds no valid encryptionKey");
    expect(JSON.parse(readFileSync(secretsFile(), "utf8"))).toEqual({ encryptionKey: "short" });
  });

  it("parses the chat widget settings", () => {
    const config = load({
      CHAT_WIDGET_SCRIPT_URL: "https://chat.example/widget.js",
      CHAT_WIDGET_SETTINGS: '{"siteId":"abc","locale":"zh"}',
    });
    expect(config.CHAT_WIDGET_SCRIPT_URL).toBe("https://chat.example/widget.js");
    expect(config.CHAT_WIDGET_SETTINGS).toEqual({ siteId: "abc", locale: "zh" });
  });
});
