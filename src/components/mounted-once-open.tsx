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

/**
 * The props of the button that opens something mounted once open (`MountedOnceOpen`) whose code arrives then.
 * Until that code is here the button itself opens it (`opens`); the overlay then brings its own button, which
 * replaces the one clicked and so takes the focus over, and which opens and closes the overlay by itself. A pointer
 * on its way or the focus on either button starts the code coming before the click.
 */
export function openerProps({
  load,
  opens,
  onOpen,
}: {
  load: () => Promise<unknown>;
  opens: boolean;
  onOpen: () => void;
}) {
  return {
    autoFocus: !opens,
    onClick: opens ? onOpen : undefined,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
  };
}
