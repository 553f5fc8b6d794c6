import { useEffect, useState } from "react";

/** Spec §9: below about 1024 px the portal is in mobile mode. */
export const MOBILE_BREAKPOINT_PX = 1024;
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

const matches = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(query).matches;

/** Whether the viewport is narrower than the breakpoint, following resizes. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const list = window.matchMedia(query);
    const onChange = () => setMobile(list.matches);
    list.addEventListener("change", onChange);
    onChange();
    return () => list.removeEventListener("change", onChange);
  }, []);
  return mobile;
}
