import { describe, expect, it, vi } from "vitest";
import {
  API_BASE,
  createHttpClient,
  EARLY_ANSWER_MS,
  PortalError,
  REQUEST_TIMEOUT_MS,
} from "../../src/providers/create-http-client";

/** What the client handed the network. */
interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

/** A client whose network is a function; records what was sent and what the user was shown. */
function setup(
  answer: (sent: Sent) => { status: number; data: unknown; contentType?: string } | Error,
  token: string | null | (() => string | null) = "Bearer abc",
  askStepUp?: Parameters<typeof createHttpClient>[0]["askStepUp"],
) {
  const sent: Sent[] = [];
  const network: typeof fetch = async (input, init) => {
    const request: Sent = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: init?.body,
      signal: init?.signal,
    };
    sent.push(request);
    const result = answer(request);
    if (result instanceof Error) throw result;
    const body = typeof result.data === "string" ? result.data : JSON.stringify(result.data);
    return new Response(body, {
      status: result.status,
      headers: { "Content-Type": result.contentType ?? "application/json; charset=utf-8" },
    });
  };
  const showError = vi.fn<(text: string, key: string) => void>();
  const onSessionExpired = vi.fn<() => void>();
  const onChanged = vi.fn<() => void>();
  const client = createHttpClient({
    getToken: typeof token === "function" ? token : () => token,
    getLanguage: () => "en-US",
    unknownText: () => "Unknown exception",
    transportText: (kind) => (kind === "timeout" ? "Timed out" : "No connection"),
    showError,
    onSessionExpired,
    onChanged,
    fetch: network,
    ...(askStepUp && { askStepUp }),
  });
  return { client, sent, showError, onSessionExpired, onChanged };
}

describe("http client", () => {
  it("calls under /portal with the time-out, the language and the stored token", async () => {
    const { client, sent, showError } = setup(() => ({ status: 200, data: { code: 200, message: "", data: 7 } }));
    await expect(client.request({ method: "get", url: "/merchant/api/logged/info" })).resolves.toBe(7);
    const [config] = sent;
    expect(config?.url).toBe(`${API_BASE}/merchant/api/logged/info`);
    expect(API_BASE).toBe("/portal");
    expect(config?.method).toBe("GET");
    expect(config?.signal).toBeInstanceOf(AbortSignal);
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

  it("toasts and rejects a call that got no answer, in the user's words: no connection, or none in time", async () => {
    let failure: Error = new TypeError("Failed to fetch");
    const { client, showError } = setup(() => failure);
    await expect(client.request({ url: "/x" })).rejects.toMatchObject({ message: "No connection", statusCode: 0 });
    expect(showError).toHaveBeenCalledWith("No connection", "GET /x");
    failure = new DOMException("signal timed out", "TimeoutError");
    await expect(client.request({ url: "/x" })).rejects.toMatchObject({ message: "Timed out", statusCode: 0 });
  });

  it("fetches a file with the token, and says in the user's words when it got no answer", async () => {
    let fail = false;
    const { client, sent } = setup(() => (fail ? new TypeError("Failed to fetch") : { status: 200, data: "bytes" }));
    const response = await client.fetchFile("/merchant/api/upload/file/3", { params: { inline: 1 } });
    expect(await response.text()).toBe("bytes");
    expect(sent[0]?.url).toBe("/portal/merchant/api/upload/file/3?inline=1");
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer abc");
    fail = true;
    await expect(client.fetchFile("/x")).rejects.toMatchObject({ message: "No connection", statusCode: 0 });
  });

  it("rejects an answer that is not the envelope (a proxy's error page) as the unknown error", async () => {
    const { client } = setup(() => ({ status: 502, data: "<html>Bad gateway</html>", contentType: "text/html" }));
    await expect(client.request({ url: "/x" })).rejects.toMatchObject({ statusCode: 502 });
  });

  it("sends the query's values that are there, a date as ISO 8601, and an object body as JSON", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: { code: 200, message: "", data: null } }));
    const at = new Date("2026-11-28T10:00:00Z");
    await client.request({
      method: "put",
      url: "/merchant/order/list",
      params: { pageNum: 2, status: undefined, orderNo: null, from: at, q: "a b&c" },
      data: { remark: "x" },
    });
    expect(sent[0]?.url).toBe("/portal/merchant/order/list?pageNum=2&from=2026-11-28T10%3A00%3A00.000Z&q=a+b%26c");
    expect(sent[0]?.method).toBe("PUT");
    expect(sent[0]?.body).toBe('{"remark":"x"}');
    expect(sent[0]?.headers.get("Content-Type")).toBe("application/json");
  });

  it("says that data may have changed after any call but a GET", async () => {
    const { client, onChanged } = setup(() => ({ status: 200, data: { code: 200, message: "", data: null } }));
    await client.request({ url: "/a" });
    expect(onChanged).not.toHaveBeenCalled();
    await client.request({ method: "post", url: "/a", data: {} });
    expect(onChanged).toHaveBeenCalledOnce();
  });

  it("lets a caller send a plain-text body", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: { code: 200, message: "", data: null } }));
    await client.request({ method: "post", url: "/u", data: "123456", headers: { "Content-Type": "text/plain" } });
    expect(sent[0]?.body).toBe("123456");
    expect(sent[0]?.headers.get("Content-Type")).toBe("text/plain");
  });

  describe("step-up calls", () => {
    const stepUpRefusal = { code: 403, message: "Enter the code", data: { errorCode: "STEP_UP_REQUIRED" } };
    const wrongCode = { code: 400, message: "Wrong", data: { errors: { captcha: "The MFA code is not valid" } } };
    const answer = (config: Sent) => {
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

describe("http client: reads started ahead of the first screen", () => {
  const envelope = (data: unknown) => ({ status: 200, data: { code: 200, message: "", data } });

  it("answers the first call for the same address from the read already started, and only that one", async () => {
    let reads = 0;
    const { client, sent } = setup(() => envelope(++reads));
    client.startEarly({ url: "/merchant/api/order/list", params: { pageNum: 1, pageSize: 20 } });
    client.startEarly({ url: "/merchant/api/order/list", params: { pageNum: 1, pageSize: 20 } });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer abc");
    const call = { method: "get", url: "/merchant/api/order/list", params: { pageNum: 1, pageSize: 20 } };
    await expect(client.request(call)).resolves.toBe(1);
    expect(sent).toHaveLength(1);
    // Taken once: the next call (a reload of the list) reads anew.
    await expect(client.request(call)).resolves.toBe(2);
    expect(sent).toHaveLength(2);
  });

  it("sends anew what differs from the early read: another address, a change, headers of its own", async () => {
    const { client, sent } = setup(() => envelope("fresh"));
    client.startEarly({ url: "/merchant/api/order/list", params: { pageNum: 1, pageSize: 20 } });
    await client.request({ method: "get", url: "/merchant/api/order/list", params: { pageNum: 2, pageSize: 20 } });
    await client.request({ method: "post", url: "/merchant/api/order/list", data: {} });
    await client.request({
      method: "get",
      url: "/merchant/api/order/list?pageNum=1&pageSize=20",
      headers: { "X-MFA-Code": "1" },
    });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET ${API_BASE}/merchant/api/order/list?pageNum=1&pageSize=20`,
      `GET ${API_BASE}/merchant/api/order/list?pageNum=2&pageSize=20`,
      `POST ${API_BASE}/merchant/api/order/list`,
      `GET ${API_BASE}/merchant/api/order/list?pageNum=1&pageSize=20`,
    ]);
  });

  it("never hands one session's early read to another", async () => {
    let token = "Bearer first";
    const { client, sent } = setup(
      (request) => envelope(request.headers.get("Authorization")),
      () => token,
    );
    client.startEarly({ url: "/merchant/api/fund/balance" });
    token = "Bearer second";
    await expect(client.request({ method: "get", url: "/merchant/api/fund/balance" })).resolves.toBe("Bearer second");
    expect(sent).toHaveLength(2);
  });

  it("lets a stale early read go: a call after EARLY_ANSWER_MS reads anew", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let reads = 0;
      const { client, sent } = setup(() => envelope(++reads));
      client.startEarly({ url: "/merchant/api/notification/unread" });
      vi.setSystemTime(Date.now() + EARLY_ANSWER_MS + 1);
      await expect(client.request({ method: "get", url: "/merchant/api/notification/unread" })).resolves.toBe(2);
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads an early answer whole at once, so a read no one takes still ends", async () => {
    const answers: Response[] = [];
    const client = createHttpClient({
      getToken: () => "Bearer abc",
      getLanguage: () => "en-US",
      unknownText: () => "Unknown exception",
      transportText: () => "No connection",
      showError: () => undefined,
      onSessionExpired: () => undefined,
      fetch: async () => {
        const answer = new Response(JSON.stringify({ code: 200, message: "", data: 1 }), {
          headers: { "Content-Type": "application/json" },
        });
        answers.push(answer);
        return answer;
      },
    });
    client.startEarly({ url: "/merchant/api/member", params: { pageNum: 1, pageSize: 20 } });
    await vi.waitFor(() => expect(answers[0]?.bodyUsed).toBe(true));
  });

  it("reports an early read's failure as the taker's, in the user's words, and nothing when none takes it", async () => {
    const { client, showError } = setup(() => new TypeError("Failed to fetch"));
    client.startEarly({ url: "/merchant/api/public/config" });
    client.startEarly({ url: "/merchant/api/never/asked" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(showError).not.toHaveBeenCalled();
    await expect(client.request({ method: "get", url: "/merchant/api/public/config" })).rejects.toMatchObject({
      message: "No connection",
    });
    expect(showError).toHaveBeenCalledTimes(1);
  });
});
