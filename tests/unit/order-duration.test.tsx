import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OrderDuration } from "../../src/pages/order/order-duration";

/**
 * A Processing order's duration ticks every second on its own: one clock for all the cells on screen, and the
 * table around them is not rendered again (the list once re-rendered all its rows every second).
 */
describe("a running order duration", () => {
  const start = Date.parse("2026-11-26T08:00:00Z");
  const processing = (seconds: number) =>
    ({ status: "processing", duration: null, createTime: new Date(start - seconds * 1000).toISOString() }) as const;
  let container: HTMLElement;
  let root: ReturnType<typeof createRoot>;

  beforeEach(() => {
    vi.useFakeTimers({ now: start });
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  const show = (node: ReactNode) => act(() => root.render(node));
  const texts = () => [...container.querySelectorAll("[data-cell]")].map((cell) => cell.textContent);

  it("ticks each cell from one interval, without rendering the table around it again", () => {
    const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
    let tableRenders = 0;
    function Table() {
      tableRenders++;
      return (
        <>
          {[5, 65, 3605].map((s) => (
            <span data-cell key={s}>
              <OrderDuration order={processing(s)} />
            </span>
          ))}
          <span data-cell>
            <OrderDuration order={{ status: "success", duration: 42, createTime: new Date(start).toISOString() }} />
          </span>
        </>
      );
    }
    show(<Table />);
    const before = texts();
    act(() => vi.advanceTimersByTime(3000));
    const after = texts();

    expect(tableRenders).toBe(1);
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect(after.slice(0, 3)).not.toEqual(before.slice(0, 3));
    expect(after[0]).toBe("8s");
    // A final duration is the server's figure and does not move.
    expect(after[3]).toBe(before[3]);
  });

  it("stops the clock when the last running duration leaves the screen", () => {
    const clearIntervalSpy = vi.spyOn(globalThis, "clearInterval");
    show(<OrderDuration order={processing(1)} />);
    show(<OrderDuration order={{ status: "success", duration: 2, createTime: new Date(start).toISOString() }} />);
    expect(clearIntervalSpy).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
