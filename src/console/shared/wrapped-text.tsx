import type { ReactNode } from "react";
import { formatDateTime } from "../../lib/date-format";

/**
 * A long value in a table cell (a remark, a reason, a reference, an address) wraps within `width` pixels, so it
 * neither widens its table past the screen nor is cut off.
 */
export function WrappedText({ children, width = 240 }: { children: ReactNode; width?: number }) {
  return <div style={{ maxWidth: width, whiteSpace: "normal", overflowWrap: "anywhere" }}>{children}</div>;
}

/** A date above its time: half the width of "2026-11-21 10:00:00" on one line, for tables at a laptop's width. */
export function TwoLineTime({ time }: { time: string | null }) {
  const [date, clock] = formatDateTime(time).split(" ");
  return (
    <span style={{ whiteSpace: "nowrap" }}>
      {date}
      {clock && <br />}
      {clock}
    </span>
  );
}
