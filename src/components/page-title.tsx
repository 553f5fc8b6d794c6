import type { ReactNode } from "react";

const headingStyle = { font: "inherit", color: "inherit", margin: 0, display: "inline" } as const;

/**
 * The page's one h1, in the place and style of the card title it sits in: screen readers and axe-core
 * (page-has-heading-one) find the page's subject, and nothing moves on screen.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 style={headingStyle}>{children}</h1>;
}
