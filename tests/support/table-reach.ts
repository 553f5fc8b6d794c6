import type { Locator, Page } from "playwright-core";

/**
 * What keeps a table's columns from the person reading it, as found in the browser: a header or a cell outside the
 * table's frame that no sideways scroll brings into it, one that stays under a column fixed to the frame's edge
 * (`position: sticky`) wherever the table is scrolled, and a header or cell whose text is cut (wider than its box).
 * Each column off the frame is scrolled to (the frame's own scroll, as a person would) and checked there. An empty
 * list means every column is in sight or a scroll away, and nothing is cut.
 */
export function unreachableColumns(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const frame = element.parentElement!;
    const frameBox = frame.getBoundingClientRect();
    const problems: string[] = [];
    const sticky = (cell: Element) => getComputedStyle(cell).position === "sticky";
    const headers = [...element.querySelectorAll("thead th")].filter((th) => th.getBoundingClientRect().width > 0);
    const fixed = headers.filter(sticky).map((th) => th.getBoundingClientRect());
    // Where the columns fixed to the right begin: a column scrolled to must end there.
    const shownRight = Math.min(
      frameBox.right,
      ...fixed.filter((f) => f.left > frameBox.left + frameBox.width / 2).map((f) => f.left),
    );
    const inSight = (box: DOMRect) =>
      box.left >= frameBox.left - 1 &&
      box.right <= frameBox.right + 1 &&
      fixed.every((f) => box.right <= f.left + 1 || box.left >= f.right - 1);
    // Text wider than a box that hides what overflows it (an ellipsis, a clipped cell): the cell's or its content's.
    // (A box that lets it overflow is not counted: a fixed column's shadow overflows its cell by design.)
    const cut = (cell: Element) =>
      [cell, ...cell.querySelectorAll("*")].some(
        (e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible",
      );
    const name = (cell: Element) => cell.textContent?.trim() || "(no title)";
    for (const th of headers) {
      if (cut(th)) problems.push(`header "${name(th)}" is cut`);
      if (sticky(th) || inSight(th.getBoundingClientRect())) continue;
      frame.scrollLeft += th.getBoundingClientRect().right - shownRight;
      if (!inSight(th.getBoundingClientRect())) problems.push(`column "${name(th)}" cannot be brought into sight`);
      frame.scrollLeft = 0;
    }
    for (const td of element.querySelectorAll("tbody td")) if (cut(td)) problems.push(`cell "${name(td)}" is cut`);
    return problems;
  });
}

/** Whether the whole box of `inner` lies inside its table's frame, clear of the columns fixed to its edges. */
export function inSight(inner: Locator): Promise<boolean> {
  return inner.evaluate((element) => {
    const table = element.closest("table")!;
    const frame = table.parentElement!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const fixed = [...table.querySelectorAll("thead th")]
      .filter((th) => getComputedStyle(th).position === "sticky" && !th.contains(element))
      .map((th) => th.getBoundingClientRect());
    const clear = fixed.every((f) => box.right <= f.left + 1 || box.left >= f.right - 1);
    return box.width > 0 && box.left >= frame.left - 1 && box.right <= frame.right + 1 && clear;
  });
}

/** Whether text in the element is cut: wider than a box of it (or in it) that hides what overflows. */
export function isCut(inner: Locator): Promise<boolean> {
  return inner.evaluate((element) =>
    [element, ...element.querySelectorAll("*")].some(
      (e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible",
    ),
  );
}

/**
 * The words of the page's column titles that a table splits across lines ("姓/名", "Matche/d"): a title may wrap
 * between its words, never inside one. Visually hidden titles (a 1 px box) are not read.
 */
export function splitHeaderWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    for (const th of document.querySelectorAll(".ant-table-thead th")) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node.parentElement?.getBoundingClientRect().width ?? 0) < 2) continue;
        for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(word[0]);
        }
      }
    }
    return split;
  });
}
