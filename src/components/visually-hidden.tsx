import type { CSSProperties, ReactNode } from "react";

/** Read by screen readers, not drawn (and taking no room, whatever the height of what it holds). */
const hidden: CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
};

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <div style={hidden}>{children}</div>;
}
