import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createLoggedOutPrompt,
  desktopNotice,
  type LoggedOutPromptDeps,
  SESSION_NOTICE_MS,
} from "../../src/components/logged-out-prompt";

type ConfirmOptions = Parameters<LoggedOutPromptDeps["confirm"]>[0];

function setup(noticeAllowed = true) {
  const confirms: ConfirmOptions[] = [];
  const scheduled: { run: () => void; ms: number }[] = [];
  const close = vi.fn();
  const notify = vi.fn(() => (noticeAllowed ? { close } : null));
  const loginAgain = vi.fn();
  const prompt = createLoggedOutPrompt({
    confirm: (options) => confirms.push(options),
    notify,
    schedule: (run, ms) => scheduled.push({ run, ms }),
    translate: (key) => `t:${key}`,
    loginAgain,
  });
  return { prompt, confirms, scheduled, close, notify, loginAgain };
}

afterEach(() => vi.unstubAllGlobals());

describe("logged-out prompt", () => {
  it("asks once however many requests failed at the same time", () => {
    const { prompt, confirms, notify } = setup();
    prompt();
    prompt();
    prompt();
    expect(confirms).toHaveLength(1);
    expect(notify).toHaveBeenCalledOnce();
    expect(confirms[0]).toMatchObject({
      title: "t:shell.loggedOut.title",
      okText: "t:shell.loggedOut.login",
      cancelText: "t:shell.loggedOut.stay",
    });
  });

  it("logs in again on OK", () => {
    const { prompt, confirms, loginAgain } = setup();
    prompt();
    confirms[0]?.onOk();
    expect(loginAgain).toHaveBeenCalledOnce();
  });

  it("says nothing while the page is leaving anyway (the user signed out)", () => {
    const confirms: ConfirmOptions[] = [];
    let leaving = true;
    const prompt = createLoggedOutPrompt({
      confirm: (options) => confirms.push(options),
      notify: () => null,
      schedule: () => undefined,
      translate: (key) => key,
      loginAgain: () => undefined,
      leaving: () => leaving,
    });
    prompt();
    expect(confirms).toHaveLength(0);
    leaving = false;
    prompt();
    expect(confirms).toHaveLength(1);
  });

  it("may ask again after the user chose to stay", () => {
    const { prompt, confirms } = setup();
    prompt();
    confirms[0]?.onCancel();
    prompt();
    expect(confirms).toHaveLength(2);
  });

  it("closes the desktop notice after 5 s", () => {
    const { prompt, scheduled, close, notify } = setup();
    prompt();
    expect(notify).toHaveBeenCalledWith("t:shell.loggedOut.noticeTitle", "t:shell.loggedOut.noticeBody");
    expect(scheduled.map((s) => s.ms)).toEqual([SESSION_NOTICE_MS]);
    expect(SESSION_NOTICE_MS).toBe(5000);
    expect(close).not.toHaveBeenCalled();
    scheduled[0]?.run();
    expect(close).toHaveBeenCalledOnce();
  });

  it("schedules nothing without a notice", () => {
    const { prompt, scheduled, confirms } = setup(false);
    prompt();
    expect(scheduled).toEqual([]);
    expect(confirms).toHaveLength(1);
  });
});

describe("desktopNotice", () => {
  it("notifies only when the user granted permission", () => {
    const made: unknown[] = [];
    class FakeNotification {
      static permission: NotificationPermission = "granted";
      constructor(title: string, options: NotificationOptions) {
        made.push([title, options.body]);
      }
    }
    vi.stubGlobal("Notification", FakeNotification);
    expect(desktopNotice("Session expired", "Refresh")).toBeInstanceOf(FakeNotification);
    expect(made).toEqual([["Session expired", "Refresh"]]);
    FakeNotification.permission = "denied";
    expect(desktopNotice("a", "b")).toBeNull();
    FakeNotification.permission = "default";
    expect(desktopNotice("a", "b")).toBeNull();
    expect(made).toHaveLength(1);
  });

  it("does nothing where the browser has no notifications", () => {
    vi.stubGlobal("Notification", undefined);
    expect(desktopNotice("a", "b")).toBeNull();
  });
});
