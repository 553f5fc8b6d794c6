import type { ReactNode } from "react";

/**
 * Stands in for react-markdown and remark-gfm (see vite.config.ts): @refinedev/antd imports them for its
 * MarkdownField, which this app never renders, and the bundler cannot drop the Markdown stack by itself
 * (54 KB gzip on every signed-in page). Were a MarkdownField ever used, it would show its text unformatted.
 */
export default function PlainText({ children }: { children?: ReactNode }): ReactNode {
  return children ?? null;
}
