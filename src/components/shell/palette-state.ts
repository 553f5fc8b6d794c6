import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";

/** The command palette's own state: whether it shows, what is typed, which nested list is open. */
export interface PaletteState {
  shown: boolean;
  /** Changes with each opening: the body mounts afresh, so its search box takes the focus again. */
  session: number;
  text: string;
  setText: (text: string) => void;
  /** The nested list shown (the languages), or null for the top level. */
  root: string | null;
  openList: (root: string | null) => void;
  open: () => void;
  close: () => void;
  /** The text now (for an action's perform, which outlives the render it was made in). */
  current: () => string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Whether Enter was pressed while the search box did not have the focus (answered once). */
  takeEnter: () => boolean;
  /** Changes with each such Enter, so a list already shown runs it too (not only a list that mounts after it). */
  enters: number;
}

const isPaletteShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";

/**
 * Open or shut, and what is typed, are kept here, in step with the keys, rather than in kbar's store: kbar's
 * state reaches its subscribers two renders after a change, and its exit timer hides whatever shows when it
 * fires, so a Ctrl+K pressed while the last palette was closing opened one that then vanished, and keys typed
 * right after Ctrl+K went to the page. kbar still registers the actions and runs the list (arrow keys, highlight).
 * Keys that arrive while the search box does not have the focus (it mounts a render after Ctrl+K) are the box's:
 * they are added to the text, and an Enter among them runs the first entry once the list is there.
 */
export function usePaletteState(): PaletteState {
  const [shown, setShown] = useState(false);
  const [session, setSession] = useState(0);
  const [text, setTextState] = useState("");
  const [root, setRoot] = useState<string | null>(null);
  const [enters, setEnters] = useState(0);
  const shownRef = useRef(false);
  const textRef = useRef("");
  const inputRef = useRef<HTMLInputElement | null>(null);
  const enterPending = useRef(false);
  // Where the focus was before the palette opened: it goes back there when the palette closes.
  const returnFocus = useRef<Element | null>(null);

  const setText = useCallback((next: string) => {
    textRef.current = next;
    setTextState(next);
  }, []);
  const openList = useCallback(
    (next: string | null) => {
      setRoot(next);
      setText("");
    },
    [setText],
  );
  const open = useCallback(() => {
    if (shownRef.current) return;
    shownRef.current = true;
    returnFocus.current = document.activeElement;
    enterPending.current = false;
    openList(null);
    setSession((n) => n + 1);
    setShown(true);
  }, [openList]);
  // The text stays until the next opening: an action performed after closing may still read it (go to order).
  const close = useCallback(() => {
    if (!shownRef.current) return;
    shownRef.current = false;
    enterPending.current = false;
    setShown(false);
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    else inputRef.current?.blur();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isPaletteShortcut(event)) {
        // Ours, not kbar's (it leaves a key whose default was prevented alone).
        event.preventDefault();
        if (shownRef.current) close();
        else open();
        return;
      }
      if (!shownRef.current) return;
      if (event.key === "Escape") {
        // The palette's: a drawer or dialog under it stays open.
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      }
      if (document.activeElement === inputRef.current) return;
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) setText(textRef.current + event.key);
      else if (event.key === "Backspace") setText(textRef.current.slice(0, -1));
      else if (event.key === "Enter") {
        enterPending.current = true;
        setEnters((n) => n + 1);
      } else return;
      // The search box's key: neither the page nor kbar's list acts on it.
      event.preventDefault();
      event.stopPropagation();
      inputRef.current?.focus();
    };
    // Capture: before the page (or kbar's own handlers) sees the key.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [open, close, setText]);

  // A page behind the palette does not scroll under it.
  useEffect(() => {
    if (!shown) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [shown]);

  const current = useCallback(() => textRef.current, []);
  const takeEnter = useCallback(() => {
    const pending = enterPending.current;
    enterPending.current = false;
    return pending;
  }, []);
  return useMemo(
    () => ({
      shown,
      session,
      text,
      setText,
      root,
      openList,
      open,
      close,
      current,
      inputRef,
      takeEnter,
      enters,
    }),
    [shown, session, text, setText, root, openList, open, close, current, takeEnter, enters],
  );
}
