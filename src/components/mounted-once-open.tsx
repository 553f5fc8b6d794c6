import { type ReactNode, Suspense, useState } from "react";

/**
 * What is mounted from its first opening on (it stays mounted, so it still animates closed), not with the screen:
 * a screen's first render is part of its start-up, and most visits never open these. Its code may still be on its
 * way (lazy): `fallback` shows until it is (nothing unless given).
 */
export function MountedOnceOpen({
  open,
  fallback = null,
  children,
}: {
  open: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
