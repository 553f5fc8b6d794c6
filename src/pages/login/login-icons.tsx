/** The few icons of the sign-in page, drawn inline (antd's icons would bring antd along). Decorative: hidden. */
const box = { width: "1em", height: "1em", viewBox: "0 0 24 24", focusable: false } as const;

export function GlobeIcon() {
  return (
    <svg {...box} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5c2.6 2.8 3.9 6 3.9 9.5s-1.3 6.7-3.9 9.5c-2.6-2.8-3.9-6-3.9-9.5s1.3-6.7 3.9-9.5z" />
    </svg>
  );
}

export function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg {...box} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 21 21 3" />}
    </svg>
  );
}

export function CheckCircleIcon() {
  return (
    <svg {...box} aria-hidden="true" fill="currentColor">
      <path d="M12 1.5a10.5 10.5 0 1 0 0 21 10.5 10.5 0 0 0 0-21zm5.1 7.3-6.2 7.6a.8.8 0 0 1-1.2 0l-3-3.6a.8.8 0 1 1 1.2-1l2.4 2.9 5.6-6.9a.8.8 0 1 1 1.2 1z" />
    </svg>
  );
}

export function CloseCircleIcon() {
  return (
    <svg {...box} aria-hidden="true" fill="currentColor">
      <path d="M12 1.5a10.5 10.5 0 1 0 0 21 10.5 10.5 0 0 0 0-21zm4.2 13.6a.8.8 0 1 1-1.1 1.1L12 13.1l-3.1 3.1a.8.8 0 1 1-1.1-1.1l3.1-3.1-3.1-3.1a.8.8 0 1 1 1.1-1.1l3.1 3.1 3.1-3.1a.8.8 0 1 1 1.1 1.1L13.1 12l3.1 3.1z" />
    </svg>
  );
}
