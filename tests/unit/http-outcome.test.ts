import { describe, expect, it } from "vitest";
import { decideResponse, decideTransportFailure, fieldErrorsOf } from "../../src/lib/http-outcome";

const signedIn = { unknownText: "Unknown exception" };

describe("decideResponse: envelope code 200", () => {
  it("passes the data on", () => {
    expect(decideResponse(200, { code: 200, message: "ok", data: { a: 1 } }, signedIn)).toEqual({
      ok: true,
      data: { a: 1 },
    });
  });

  it("passes null data on (logout, bind, ...)", () => {
    expect(decideResponse(200, { code: 200, message: "", data: null }, signedIn)).toEqual({ ok: true, data: null });
  });
});

describe("decideResponse: envelope code other than 200", () => {
  it("fails with the envelope's message and code, even under HTTP 200", () => {
    expect(decideResponse(200, { code: 500, message: "Boom", data: null }, signedIn)).toEqual({
      ok: false,
      error: { message: "Boom", statusCode: 500 },
      toast: "Boom",
      sessionExpired: false,
    });
  });

  it("fails with the HTTP status mirrored in the code", () => {
    const outcome = decideResponse(409, { code: 409, message: "Conflict here", data: null }, signedIn);
    expect(outcome).toMatchObject({ ok: false, error: { statusCode: 409, message: "Conflict here" } });
  });

  it.each([[""], ["   "], [undefined], [42]])("uses the unknown-exception text when the message is %j", (message) => {
    const outcome = decideResponse(500, { code: 500, message, data: null }, signedIn);
    expect(outcome).toEqual({
      ok: false,
      error: { message: "Unknown exception", statusCode: 500 },
      toast: "Unknown exception",
      sessionExpired: false,
    });
  });

  it("keeps the field errors of a validation failure for the form", () => {
    const body = {
      code: 400,
      message: "Some fields are not valid: captcha",
      data: { errors: { captcha: "Please enter the MFA code", "items.0.qty": "Must be a whole number" } },
    };
    expect(decideResponse(400, body, signedIn)).toEqual({
      ok: false,
      error: {
        message: "Some fields are not valid: captcha",
        statusCode: 400,
        errors: { captcha: "Please enter the MFA code", "items.0.qty": "Must be a whole number" },
      },
      toast: "Some fields are not valid: captcha",
      sessionExpired: false,
    });
  });
});

describe("decideResponse: 401", () => {
  const expired = { code: 401, message: "You are not signed in", data: null };

  it("ends the session, whether or not the call carried a token", () => {
    expect(decideResponse(401, expired, signedIn)).toEqual({
      ok: false,
      error: { message: "You are not signed in", statusCode: 401 },
      toast: "You are not signed in",
      sessionExpired: true,
    });
  });

  it("counts envelope code 401 under HTTP 200 too", () => {
    expect(decideResponse(200, expired, signedIn)).toMatchObject({ sessionExpired: true });
  });

  it("counts HTTP 401 without an envelope", () => {
    expect(decideResponse(401, "<html>401</html>", signedIn)).toEqual({
      ok: false,
      error: { message: "Unknown exception", statusCode: 401 },
      toast: "Unknown exception",
      sessionExpired: true,
    });
  });

  it("does not take a refused sign-in (400) for an ended session", () => {
    const refused = { code: 400, message: "Wrong username or password", data: null };
    expect(decideResponse(400, refused, signedIn)).toMatchObject({ ok: false, sessionExpired: false });
  });
});

describe("decideResponse: no envelope", () => {
  it("fails a 2xx answer that is not an envelope (an HTML fallback) as unknown, status 500", () => {
    expect(decideResponse(200, "<!doctype html>", signedIn)).toEqual({
      ok: false,
      error: { message: "Unknown exception", statusCode: 500 },
      toast: "Unknown exception",
      sessionExpired: false,
    });
  });

  it("fails a proxy's 502 page with its status", () => {
    expect(decideResponse(502, "Bad gateway", signedIn)).toMatchObject({ error: { statusCode: 502 } });
  });

  it("does not take an object with a non-numeric code for an envelope", () => {
    expect(decideResponse(200, { code: "200", data: 1 }, signedIn)).toMatchObject({ ok: false });
    expect(decideResponse(200, null, signedIn)).toMatchObject({ ok: false });
  });
});

describe("decideTransportFailure", () => {
  it("shows the transport's own message", () => {
    expect(decideTransportFailure({ message: "Network Error", code: "ERR_NETWORK" }, signedIn)).toEqual({
      ok: false,
      error: { message: "Network Error", statusCode: 0 },
      toast: "Network Error",
      sessionExpired: false,
    });
  });

  it("shows a time-out as such", () => {
    const outcome = decideTransportFailure({ message: "timeout of 300000ms exceeded", code: "ECONNABORTED" }, signedIn);
    expect(outcome).toMatchObject({ toast: "timeout of 300000ms exceeded" });
  });

  it("falls back to the unknown-exception text without a message", () => {
    expect(decideTransportFailure({}, signedIn)).toMatchObject({ toast: "Unknown exception" });
  });

  it("stays silent about a request we cancelled ourselves, but still fails it", () => {
    expect(decideTransportFailure({ message: "canceled", code: "ERR_CANCELED" }, signedIn)).toEqual({
      ok: false,
      error: { message: "canceled", statusCode: 0 },
      toast: null,
      sessionExpired: false,
    });
  });
});

describe("fieldErrorsOf", () => {
  it("keeps string messages only", () => {
    expect(fieldErrorsOf({ errors: { a: "x", b: 3, c: null } })).toEqual({ a: "x" });
  });

  it.each([[null], [undefined], ["text"], [{}], [{ errors: null }], [{ errors: {} }], [{ errors: { a: 1 } }]])(
    "finds none in %j",
    (data) => {
      expect(fieldErrorsOf(data)).toBeUndefined();
    },
  );
});

describe("decideResponse: MFA codes in data.errorCode", () => {
  it("shows no toast for MFA_REQUIRED (the bind dialog is already up)", () => {
    const body = { code: 403, message: "Bind MFA first", data: { errorCode: "MFA_REQUIRED" } };
    expect(decideResponse(403, body, signedIn)).toEqual({
      ok: false,
      error: { message: "Bind MFA first", statusCode: 403 },
      toast: null,
      sessionExpired: false,
    });
  });

  it("asks for a step-up code for STEP_UP_REQUIRED, without a toast", () => {
    const body = { code: 403, message: "Enter the code", data: { errorCode: "STEP_UP_REQUIRED" } };
    expect(decideResponse(403, body, signedIn)).toMatchObject({ ok: false, toast: null, stepUp: true });
  });
});
