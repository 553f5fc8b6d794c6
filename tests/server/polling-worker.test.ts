import { describe, expect, it } from "vitest";
import { startPollingWorker } from "../../server/src/lib/polling-worker";

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe("startPollingWorker", () => {
  it("prepares once, goes again at once while more is waiting, logs a failed round and carries on", async () => {
    const calls: string[] = [];
    const errors: string[] = [];
    let n = 0;
    const worker = startPollingWorker({
      name: "test",
      pollMs: 5,
      log: { error: (_details, message) => errors.push(message) },
      prepare: async () => {
        calls.push("prepare");
      },
      round: async () => {
        n += 1;
        calls.push(`round ${n}`);
        if (n === 3) throw new Error("database away");
        return n < 3;
      },
    });
    await until(() => n >= 5);
    await worker.stop();
    expect(calls.slice(0, 5)).toEqual(["prepare", "round 1", "round 2", "round 3", "round 4"]);
    expect(errors).toEqual(["test round failed"]);
  });

  it("stops at once while idle, and lets a round in flight finish first", async () => {
    let finished = false;
    let started = false;
    const worker = startPollingWorker({
      name: "slow",
      pollMs: 60_000,
      log: { error: () => {} },
      lanes: 2,
      round: async (stopping) => {
        started = true;
        await new Promise((r) => setTimeout(r, 30));
        finished = stopping();
        return false;
      },
    });
    await until(() => started);
    await worker.stop();
    expect(finished).toBe(true);
  });
});
