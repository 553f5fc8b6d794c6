import { useEffect, useState } from "react";

/** Spec §9: below about 1024 px the portal is in mobile mode. */
export const MOBILE_BREAKPOINT_PX = 1024;
/** antd's `sm`: below it a phone, where lists show few columns and filters fold away. */
export const PHONE_BREAKPOINT_PX = 576;
/** antd's `xxl`: below it a laptop (1280 px with the side menu leaves about 950 px for a table). */
export const LAPTOP_BREAKPOINT_PX = 1600;

const below = (px: number) => `(max-width: ${px - 0.02}px)`;
const matches = (query: string) =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(query).matches;

/**
 * Whether the viewport is narrower than `px`, following resizes. Known from the first render (antd's
 * Grid.useBreakpoint answers nothing until its effect has run, so a phone first drew every list at desktop width).
 */
export function useViewportBelow(px: number): boolean {
  const query = below(px);
  const [narrow, setNarrow] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    list.addEventListener("change", onChange);
    onChange();
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return narrow;
}

/** Whether the portal is in mobile mode (spec §9). */
export const useIsMobile = () => useViewportBelow(MOBILE_BREAKPOINT_PX);
