import { theme } from "antd";
import type { CSSProperties, ReactNode } from "react";

/**
 * Text in the theme's colours without antd's Typography, for what every screen's first render shows (the shell,
 * list cells): Typography brings its ellipsis measuring, copying and editing (with the text area) to each first
 * load, where a line of secondary or cut text needs none of it.
 */
export function SecondaryText({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary, ...style }}>{children}</span>;
}

/** One line, cut with an ellipsis where it does not fit (`title` says it whole on hover). */
export const oneLine: CSSProperties = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" };
