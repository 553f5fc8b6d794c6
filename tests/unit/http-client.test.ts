import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { describe, expect, it, vi } from "vitest";
import { API_BASE, createHttpClient, PortalError, REQUEST_TIMEOUT_MS } from "../../src/providers/create-http-client";

/** A client whose network is a function; records what was sent and what the user was shown. */
function setup(
  answer: (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | Error,
  token: string | null = "Bearer abc",
  askStepUp?: Parameters<typeof createHttpClient>[0]["askStepUp"],
) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const result = answer(config);
    if (result instanceof Error) throw result;
    return { ...result, statusText: "", headers: {}, config };
  };
  const showError = vi.fn<(text: string, key: string) => void>();
  const onSessionExpired = vi.fn<() => void>();
  const client = createHttpClient({
    getToken: () => token,
    getLanguage: () => "en-US",
    unknownText: () => "Unknown exception",
    showError,
    onSessionExpired,
    adapter,
    ...(askStepUp && { askStepUp }),
  });
  return { client, sent, showError, onSessionExpired };
}

describe("http client", () => {
  it("calls under /portal with the time-out, the language and the stored token", async () => {
    const { client, sent, showError } = setup(() => ({ status: 200, data: { code: 200, message: "", data: 7 } }));
    await expect(client.request({ method: "get", url: "/merchant/api/logged/info" })).resolves.toBe(7);
    const [config] = sent;
    expect(config?.baseURL).toBe(API_BASE);
    expect(API_BASE).toBe("/portal");
    expect(config?.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(300000);
    expect(config?.headers.get("Accept-Language")).toBe("en-US");
    expect(config?.headers.get("Authorization")).toBe("Bearer abc");
    expect(showError).not.toHaveBeenCalled();
  });

  it("sends no Authorization header without a token", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: { code: 200, message: "", data: null } }), null);
    await client.request({ method: "post", url: "/merchant/api/login", data: {} });
    expect(sent[0]?.headers.has("Authorization")).toBe(false);
  });

  it("rejects a non-200 envelope with a PortalError carrying message, code and field errors, and toasts it", async () => {
    const body = { code: 400, message: "Invalid", data: { errors: { username: "Username is required" } } };
    const { client, showError, onSessionExpired } = setup(() => ({ status: 400, data: body }));
    const failure = client.request({ method: "post", url: "/x" });
    await expect(failure).rejects.toBeInstanceOf(PortalError);
    await expect(failure).rejects.toMatchObject({
      message: "Invalid",
      statusCode: 400,
      errors: { username: "Username is required" },
    });
    expect(showError).toHaveBeenCalledExactlyOnceWith("Invalid", expect.any(String));
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("treats a failure envelope under HTTP 200 as a failure", async () => {
    const { client, showError } = setup(() => ({ status: 200, data: { code: 500, message: "", data: null } }));
    await expect(client.request({ url: "/x" })).rejects.toMatchObject({
      message: "Unknown exception",
      statusCode: 500,
    });
    expect(showError).toHaveBeenCalledWith("Unknown exception", expect.any(String));
  });

  it("prompts to sign in again on 401 when signed in", async () => {
    const { client, showError, onSessionExpired } = setup(() => ({
      status: 401,
      data: { code: 401, message: "Session over", data: null },
    }));
    await expect(client.request({ url: "/x" })).rejects.toMatchObject({ statusCode: 401 });
    expect(showError).toHaveBeenCalledWith("Session over", "session-expired");
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it("prompts on a 401 without a token too (another tab signed out and took the token)", async () => {
    const { client, onSessionExpired } = setup(
      () => ({ status: 401, data: { code: 401, message: "Session over", data: null } }),
      null,
    );
    await expect(client.request({ url: "/merchant/order/list" })).rejects.toMatchObject({ statusCode: 401 });
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it("gives a call's failures one toast key, and every 401 the same one", async () => {
    let status = 400;
    const { client, showError } = setup(() => ({ status, data: { code: status, message: "No", data: null } }));
    const first = await client.request({ method: "post", url: "/merchant/api/login" }).catch((e: PortalError) => e);
    await client.request({ method: "post", url: "/merchant/api/login" }).catch(() => {});
    expect(showError.mock.calls.map(([, key]) => key)).toEqual([
      "POST /merchant/api/login",
      "POST /merchant/api/login",
    ]);
    // The error remembers its toast, so a caller's own words can take its place.
    expect(first).toMatchObject({ toastKey: "POST /merchant/api/login" });
    status = 401;
    await client.request({ url: "/a" }).catch(() => {});
    await client.request({ url: "/b" }).catch(() => {});
    expect(showError.mock.calls.slice(2).map(([, key]) => key)).toEqual(["session-expired", "session-expired"]);
  });

  it("toasts and rejects a transport failure with its message", async () => {
    const { client, showError } = setup(() =>
      Object.assign(new Error("Network Error"), { isAxiosError: true, code: "ERR_NETWORK" }),
    );
    await expect(client.request({ url: "/x" })).rejects.toMatchObject({ message: "Network Error", statusCode: 0 });
    expect(showError).toHaveBeenCalledWith("Network Error", expect.any(String));
  });

  it("lets a caller send a plain-text body", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: { code: 200, message: "", data: null } }));
    await client.request({ method: "post", url: "/u", data: "123456", headers: { "Content-Type": "text/plain" } });
    expect(sent[0]?.data).toBe("123456");
    expect(sent[0]?.headers.get("Content-Type")).toBe("text/plain");
  });

  describe("step-up calls", () => {
    const stepUpRefusal = { code: 403, message: "Enter the code", data: { errorCode: "STEP_UP_REQUIRED" } };
    const wrongCode = { code: 400, message: "Wrong", data: { errors: { captcha: "The MFA code is not valid" } } };
    const answer = (config: InternalAxiosRequestConfig) => {
      const code = config.headers.get("X-MFA-Code");
      if (!code) return { status: 403, data: stepUpRefusal };
      return code === "123456"
        ? { status: 200, data: { code: 200, message: "", data: "done" } }
        : { status: 400, data: wrongCode };
    };

    it("asks for the code, shows a wrong one to the dialog, and sends the call again with the right one", async () => {
      const seen: unknown[] = [];
      const { client, sent, showError } = setup(answer, "Bearer abc", async (send) => {
        seen.push(await send("000000"));
        return send("123456");
      });
      await expect(client.request({ method: "post", url: "/merchant/api/app/secret" })).resolves.toBe("done");
      expect(sent.map((c) => c.headers.get("X-MFA-Code") ?? null)).toEqual([null, "000000", "123456"]);
      expect(seen).toEqual([
        expect.objectContaining({ ok: false, error: expect.objectContaining({ errors: wrongCode.data.errors }) }),
      ]);
      expect(showError).not.toHaveBeenCalled();
    });

    it("rejects quietly when the user cancels the code dialog", async () => {
      const { client, sent, showError } = setup(answer, "Bearer abc", async () => null);
      await expect(client.request({ method: "post", url: "/merchant/api/app/keys" })).rejects.toMatchObject({
        statusCode: 403,
      });
      expect(sent).toHaveLength(1);
      expect(showError).not.toHaveBeenCalled();
    });
  });
});
