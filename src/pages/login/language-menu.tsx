import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type Language, languageNames, languages } from "#contracts/language";
import { GlobeIcon } from "./login-icons";

/**
 * The sign-in page's language switch, like the app's (a button naming the current language, a menu of both):
 * Escape or a click elsewhere closes it, the arrow keys move between the two.
 */
/** `label` names the menu; `buttonLabel` the button, with the current language ("Language: English"). */
export function LanguageMenu(props: {
  current: Language;
  label: string;
  buttonLabel: string;
  onPick: (language: Language) => void;
}) {
  const { current, label, buttonLabel, onPick } = props;
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    wrapper.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const pick = (language: Language) => {
    close();
    onPick(language);
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(wrapper.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape" || event.key === "Tab") close();
    else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    }
  };

  return (
    <div className="login-language" ref={wrapper}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={buttonLabel}
        onClick={() => setOpen((was) => !was)}
      >
        <GlobeIcon />
        <span>{languageNames[current]}</span>
      </button>
      {open && (
        <div role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {languages.map((language) => (
            <button
              key={language}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={language}
              className={language === current ? "selected" : undefined}
              onClick={() => pick(language)}
            >
              {languageNames[language]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
