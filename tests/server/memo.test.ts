import { describe, expect, it } from "vitest";
import { memo } from "../../server/src/lib/memo";

describe("memo", () => {
  it("computes once per key, null answers included", () => {
    const asked: string[] = [];
    const parse = memo(10, (key: string) => {
      asked.push(key);
      return key === "bad" ? null : key.length;
    });
    expect([parse("abc"), parse("abc"), parse("bad"), parse("bad")]).toEqual([3, 3, null, null]);
    expect(asked).toEqual(["abc", "bad"]);
  });

  it("keeps the most recently used keys and computes an evicted one again", () => {
    const asked: number[] = [];
    const square = memo(2, (n: number) => {
      asked.push(n);
      return n * n;
    });
    square(1);
    square(2);
    square(1); // 1 is now the most recent; 2 is the least
    square(3); // evicts 2
    square(1);
    square(2);
    expect(asked).toEqual([1, 2, 3, 2]);
  });
});
