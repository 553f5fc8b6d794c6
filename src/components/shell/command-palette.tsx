import {
  EditOutlined,
  ExportOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  LockOutlined,
  LogoutOutlined,
  ShoppingCartOutlined,
} from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import {
  type Action,
  type ActionImpl,
  getListboxItemId,
  KBAR_LISTBOX,
  KBarResults,
  RefineKbarProvider,
  useKBar,
  useRegisterActions,
} from "@refinedev/kbar";
import { theme } from "antd";
import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { languageNames, languages, titleKey, type UserInfo } from "#contracts";
import { flattenMenus, visibleMenus } from "../../lib/menus";
import { orderPath } from "../../lib/order-list";
import { GO_TO_ORDER, orderNoIn, paletteResults } from "../../lib/palette-matches";
import { useMay } from "../../providers/use-may";
import { resourceIcon } from "../../resources";
import { switchLanguage } from "../language-switch";
import { themedText } from "../locale-config";
import { useExportDrawer } from "./export-drawer-context";
import type { PaletteState } from "./palette-state";
import { menuPath } from "./side-menu";

/**
 * Ctrl/Cmd+K: the pages this user may open (named, so typing a page's name finds it), the actions they may take
 * (place or batch an order, export tasks, update password, go to an order by its number), switch language,
 * logout. Our own actions rather than Refine's generic "List" entries, which kbar cannot find by resource name.
 * A chunk of its own, loaded by the shell at the first opening (kbar is a tenth of Refine's size, and most visits
 * never open it); what is typed meanwhile is kept by the shell's palette state. Mounted with key={locale} by the
 * shell so every name is rebuilt in the new language.
 */
export default function CommandPaletteLayer(props: CommandPaletteProps) {
  return (
    <RefineKbarProvider>
      <CommandPalette {...props} />
    </RefineKbarProvider>
  );
}

interface CommandPaletteProps {
  palette: PaletteState;
  onUpdatePassword: () => void;
}

function CommandPalette({ palette, onUpdatePassword }: CommandPaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exportDrawer = useExportDrawer();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  const mayOrder = useMay("order", "create");
  const mayOpenOrders = useMay("order", "show");
  const mayExport = useMay("export-task", "list");
  const { current: typedNow, text } = palette;
  const { query } = useKBar();
  // kbar's list moves its highlight back to the first entry when its search changes.
  useEffect(() => query.setSearch(text), [query, text]);

  const actions = useMemo<Action[]>(() => {
    const pages = user ? flattenMenus(visibleMenus(user.menus, user.role)) : [];
    const commands = t("shell.palette.commands");
    /** One of our commands, named and found by its words in the shown language; left out when not allowed. */
    const command = (id: string, key: string, icon: ReactNode, perform?: () => void, allowed = true): Action[] =>
      allowed
        ? [
            {
              id,
              name: t(`shell.palette.${key}`),
              keywords: t(`shell.palette.keywords.${key}`),
              section: commands,
              icon,
              ...(perform && { perform }),
            },
          ]
        : [];
    return [
      ...pages.map((entry) => ({
        id: `page:${entry.name}`,
        name: t(titleKey(entry.name), { defaultValue: entry.title }),
        keywords: `${entry.name} ${menuPath(entry)}`,
        section: t("shell.palette.pages"),
        icon: resourceIcon(entry.name),
        perform: () => navigate(menuPath(entry)),
      })),
      ...command(
        "order:create",
        "placeOrder",
        <ShoppingCartOutlined aria-hidden />,
        () => navigate(orderPath("create")),
        mayOrder,
      ),
      ...command(
        "order:batch",
        "batchOrder",
        <EditOutlined aria-hidden />,
        () => navigate(orderPath("batch")),
        mayOrder,
      ),
      // Listed only while the text typed is an order number (see PaletteBody); it opens that order.
      ...command(
        GO_TO_ORDER,
        "goToOrder",
        <FileSearchOutlined aria-hidden />,
        () => {
          const orderNo = orderNoIn(typedNow());
          if (orderNo) navigate(orderPath("show", orderNo));
        },
        mayOpenOrders,
      ),
      ...command("export-tasks", "exportTasks", <ExportOutlined aria-hidden />, exportDrawer.open, mayExport),
      ...command("password", "updatePassword", <LockOutlined aria-hidden />, onUpdatePassword),
      ...command("language", "switchLanguage", <GlobalOutlined aria-hidden />),
      ...languages.map((language) => ({
        id: `language:${language}`,
        parent: "language",
        name: languageNames[language],
        perform: () => void switchLanguage(language),
      })),
      ...command("logout", "logout", <LogoutOutlined aria-hidden />, () => logout()),
    ];
  }, [user, t, navigate, logout, mayOrder, mayOpenOrders, mayExport, exportDrawer, onUpdatePassword, typedNow]);
  useRegisterActions(actions, [actions]);

  if (!palette.shown) return null;
  return createPortal(
    // A press on the backdrop (not on the palette) closes it.
    // biome-ignore lint/a11y/noStaticElementInteractions: the keyboard closes it with Escape or Ctrl+K.
    <div style={backdrop} onMouseDown={(event) => event.target === event.currentTarget && palette.close()}>
      <div ref={appear} style={{ width: "100%", maxWidth: 600 }}>
        <PaletteBody key={palette.session} placeholder={t("shell.palette.placeholder")} palette={palette} />
      </div>
    </div>,
    document.body,
  );
}

/** kbar's positioner, with border-box so the padded full-width layer keeps the palette inside a phone's screen. */
const backdrop: CSSProperties = {
  position: "fixed",
  inset: 0,
  zIndex: 1100,
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "center",
  padding: "14vh 16px 16px",
  boxSizing: "border-box",
  background: "rgba(0, 0, 0, 0.25)",
};

/** The palette fades and scales in as it opens (as kbar's animator did), unless the reader asked for less motion. */
function appear(element: HTMLDivElement | null) {
  if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  element.animate(
    [
      { opacity: 0, transform: "scale(.99)" },
      { opacity: 1, transform: "scale(1)" },
    ],
    { duration: 150, easing: "ease-out" },
  );
}

function PaletteBody({ placeholder, palette }: { placeholder: string; palette: PaletteState }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { query, actions, activeIndex } = useKBar((state) => ({
    actions: state.actions,
    activeIndex: state.activeIndex,
  }));
  const { text, root, takeEnter, enters, close, openList } = palette;
  // Computed from what is typed now, not from kbar's store (which lags behind): an Enter pressed at once runs the
  // entry shown for the whole text.
  const orderNo = orderNoIn(text);
  // Inside a nested list (the languages) the box is named by that list.
  const prompt = (root && actions[root]?.name) || placeholder;
  const results = useMemo(() => {
    const all = Object.values(actions);
    const found = paletteResults(
      all.filter((a) => a.id !== GO_TO_ORDER),
      text,
      root,
    );
    const goToOrder = orderNo && !root ? actions[GO_TO_ORDER] : undefined;
    return goToOrder ? [goToOrder, ...found] : found;
  }, [actions, text, root, orderNo]);

  /** A command closes the palette and runs; an entry with a list under it (the languages) opens that list. */
  const run = useCallback(
    (item: ActionImpl | undefined) => {
      if (!item) return;
      if (item.command) {
        close();
        item.command.perform(item);
      } else openList(item.id);
    },
    [close, openList],
  );
  // Entries are kbar's actions; the strings are section headings.
  const isEntry = (item: (typeof results)[number] | undefined): item is ActionImpl =>
    item !== undefined && typeof item !== "string";
  const firstEntry = () => results.find(isEntry);
  // An Enter typed before the search box had the focus runs the first entry, as it would have: once this list
  // exists, or at once if it is already shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `enters` is the trigger for an Enter on a shown list.
  useEffect(() => {
    if (takeEnter()) run(firstEntry());
  }, [takeEnter, results, run, enters]);
  /**
   * The entry chosen with the arrow keys or the pointer in this list, kept here as it happens: kbar's highlight
   * reaches this component a render or two later, and is reset to the first entry later still after each key
   * typed, so an Enter pressed at once ran the wrong entry. Until one is chosen, Enter runs the first entry.
   */
  const chosen = useRef<{ results: typeof results; index: number } | null>(null);
  const chosenIndex = () => (chosen.current?.results === results ? chosen.current.index : undefined);
  const choose = (index: number) => {
    chosen.current = { results, index };
    query.setActiveIndex(index);
  };
  /** ArrowDown or ArrowUp: the next entry that way, past the section headings (kbar's own keys, done here). */
  const move = (step: 1 | -1) => {
    const from = chosenIndex() ?? results.findIndex(isEntry);
    for (let index = from + step; index >= 0 && index < results.length; index += step)
      if (isEntry(results[index])) return choose(index);
  };
  const runChosen = () => {
    const index = chosenIndex();
    const item = index === undefined ? undefined : results[index];
    run(isEntry(item) ? item : firstEntry());
  };

  return (
    // The palette renders outside antd's components, where no font is set: the theme's, as the rest of the app.
    <div
      style={{
        ...themedText(token),
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadow,
      }}
    >
      <input
        ref={palette.inputRef}
        // biome-ignore lint/a11y/noAutofocus: the palette exists to be typed into; it opens on Ctrl+K.
        autoFocus
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-expanded
        aria-controls={KBAR_LISTBOX}
        aria-activedescendant={getListboxItemId(activeIndex)}
        aria-label={prompt}
        placeholder={prompt}
        value={text}
        onChange={(event) => palette.setText(event.target.value)}
        onKeyDown={(event) => {
          // Ours, not kbar's window listeners (see `chosen`).
          const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : undefined;
          if (step || (event.key === "Enter" && !event.nativeEvent.isComposing)) {
            event.preventDefault();
            event.stopPropagation();
            if (step) move(step);
            else runChosen();
            return;
          }
          // Backspace in an empty nested list goes back up (as kbar's own search box does).
          if (root && !text && event.key === "Backspace") openList(actions[root]?.parent ?? null);
        }}
        style={{
          width: "100%",
          padding: "12px 16px",
          fontFamily: "inherit",
          fontSize: 16,
          border: "none",
          outline: "none",
          boxSizing: "border-box",
          background: "transparent",
        }}
      />
      <KBarResults
        items={results}
        onRender={({ item, active }) =>
          typeof item === "string" ? (
            <div style={{ padding: "8px 16px", fontSize: 12, color: token.colorTextSecondary }}>{item}</div>
          ) : (
            // A click runs the entry here (kbar's row would run it and then toggle its own, unused, visibility).
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: kbar's row is the option; the keyboard runs it from the search box.
            <div
              onPointerMove={() => choose(results.indexOf(item))}
              onClick={(event) => {
                event.stopPropagation();
                run(item);
              }}
              style={{
                padding: "10px 16px",
                display: "flex",
                gap: 8,
                alignItems: "center",
                cursor: "pointer",
                background: active ? token.controlItemBgActive : "transparent",
              }}
            >
              {item.icon}
              <span>{item.id === GO_TO_ORDER ? t("shell.palette.goToOrderNo", { orderNo }) : item.name}</span>
            </div>
          )
        }
      />
    </div>
  );
}
