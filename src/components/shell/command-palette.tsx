import {
  EditOutlined,
  ExportOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  LockOutlined,
  LogoutOutlined,
  ShoppingCartOutlined,
} from "@ant-design/icons";
import { useCan, useGetIdentity, useLogout } from "@refinedev/core";
import {
  type Action,
  type ActionImpl,
  getListboxItemId,
  KBAR_LISTBOX,
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarResults,
  useKBar,
  useRegisterActions,
  VisualState,
} from "@refinedev/kbar";
import { theme } from "antd";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { languageNames, languages, titleKey, type UserInfo } from "#contracts";
import { flattenMenus, visibleMenus } from "../../lib/menus";
import { orderPath } from "../../lib/order-list";
import { GO_TO_ORDER, orderNoIn, paletteResults } from "../../lib/palette-matches";
import { resourceIcon } from "../../resources";
import { switchLanguage } from "../language-switch";
import { useExportDrawer } from "./export-drawer-context";
import { menuPath } from "./side-menu";

/**
 * Ctrl/Cmd+K: the pages this user may open (named, so typing a page's name finds it), the actions they may take
 * (place or batch an order, export tasks, update password, go to an order by its number), switch language,
 * logout. Our own actions rather than Refine's generic "List" entries, which kbar cannot find by resource name.
 * Mounted with key={locale} by the shell so every name is rebuilt in the new language.
 */
export function CommandPalette({ onUpdatePassword }: { onUpdatePassword: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exportDrawer = useExportDrawer();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  const { data: mayOrder } = useCan({ resource: "order", action: "create" });
  const { data: mayOpenOrders } = useCan({ resource: "order", action: "show" });
  const { data: mayExport } = useCan({ resource: "export-task", action: "list" });
  const search = useTypedSearch();
  const { current: typedNow, closing } = search;

  const actions = useMemo<Action[]>(() => {
    const pages = user ? flattenMenus(visibleMenus(user.menus, user.role)) : [];
    const commands = t("shell.palette.commands");
    const when = (allowed: boolean | undefined, action: Action): Action[] => (allowed ? [action] : []);
    return [
      ...pages.map((entry) => ({
        id: `page:${entry.name}`,
        name: t(titleKey(entry.name), { defaultValue: entry.title }),
        keywords: `${entry.name} ${menuPath(entry)}`,
        section: t("shell.palette.pages"),
        icon: resourceIcon(entry.name),
        perform: () => navigate(menuPath(entry)),
      })),
      ...when(mayOrder?.can, {
        id: "order:create",
        name: t("shell.palette.placeOrder"),
        keywords: "place order new create 下单 新建订单",
        section: commands,
        icon: <ShoppingCartOutlined aria-hidden />,
        perform: () => navigate(orderPath("create")),
      }),
      ...when(mayOrder?.can, {
        id: "order:batch",
        name: t("shell.palette.batchOrder"),
        keywords: "batch order upload excel 批量下单",
        section: commands,
        icon: <EditOutlined aria-hidden />,
        perform: () => navigate(orderPath("batch")),
      }),
      ...when(mayOpenOrders?.can, {
        // Listed only while the text typed is an order number (see PaletteBody); it opens that order.
        id: GO_TO_ORDER,
        name: t("shell.palette.goToOrder"),
        section: commands,
        icon: <FileSearchOutlined aria-hidden />,
        perform: () => {
          const orderNo = orderNoIn(typedNow());
          if (orderNo) navigate(orderPath("show", orderNo));
        },
      }),
      ...when(mayExport?.can, {
        id: "export-tasks",
        name: t("shell.palette.exportTasks"),
        keywords: "export tasks download 导出任务 下载",
        section: commands,
        icon: <ExportOutlined aria-hidden />,
        perform: exportDrawer.open,
      }),
      {
        id: "password",
        name: t("shell.palette.updatePassword"),
        keywords: "password change update 修改密码",
        section: commands,
        icon: <LockOutlined aria-hidden />,
        perform: onUpdatePassword,
      },
      {
        id: "language",
        name: t("shell.palette.switchLanguage"),
        keywords: "language 语言 english 中文",
        section: commands,
        icon: <GlobalOutlined aria-hidden />,
      },
      ...languages.map((language) => ({
        id: `language:${language}`,
        parent: "language",
        name: languageNames[language],
        perform: () => void switchLanguage(language),
      })),
      {
        id: "logout",
        name: t("shell.palette.logout"),
        keywords: "logout sign out 退出",
        section: commands,
        icon: <LogoutOutlined aria-hidden />,
        perform: () => logout(),
      },
    ];
  }, [user, t, navigate, logout, mayOrder, mayOpenOrders, mayExport, exportDrawer, onUpdatePassword, typedNow]);
  // Running an action closes the palette (kbar's doing): the next Ctrl+K must open it, even mid-animation.
  const performing = useMemo(
    () =>
      actions.map((action) => {
        const perform = action.perform;
        if (!perform) return action;
        return {
          ...action,
          perform: (current: ActionImpl) => {
            closing();
            return perform(current);
          },
        };
      }),
    [actions, closing],
  );
  useRegisterActions(performing, [performing]);

  return (
    <KBarPortal>
      {/* kbar pads a full-width positioner: border-box keeps the palette inside a phone's screen. */}
      <KBarPositioner style={{ zIndex: 1100, background: "rgba(0, 0, 0, 0.25)", boxSizing: "border-box" }}>
        <KBarAnimator style={{ width: "100%", maxWidth: 600 }}>
          <PaletteBody placeholder={t("shell.palette.placeholder")} search={search} />
        </KBarAnimator>
      </KBarPositioner>
    </KBarPortal>
  );
}

interface TypedSearch {
  text: string;
  set: (text: string) => void;
  /** The text now (for an action's perform, which outlives the render it was made in). */
  current: () => string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Called when the search box takes the focus: from then on it receives the keys itself. */
  focused: () => void;
  /** Whether Enter was pressed before the list was there (answered once). */
  takeEnter: () => boolean;
  /** The palette closed (its body unmounted). */
  closed: () => void;
  /** An action ran: the palette is on its way out, so the next Ctrl+K opens it. */
  closing: () => void;
}

/**
 * What is typed in the palette, kept here rather than in kbar's store. kbar shows the palette a render or two
 * after Ctrl+K, its state reaches subscribers a task later still, and its own search box clears the text when it
 * mounts: characters typed right after Ctrl+K went to the page, or were wiped. So Ctrl+K is handled here: it
 * opens the palette empty (or closes an open one), the keys that arrive before the search box has the focus are
 * collected, and the box opens with them (an Enter among them runs the first entry once the list is there).
 * Whether the palette is open is tracked here too, in step with the keys, since kbar's state lags behind them.
 */
function useTypedSearch(): TypedSearch {
  const { query, visualState, rootActionId } = useKBar((state) => ({
    visualState: state.visualState,
    rootActionId: state.currentRootActionId,
  }));
  const [text, setText] = useState("");
  const textRef = useRef("");
  const inputRef = useRef<HTMLInputElement | null>(null);
  const open = useRef(false);
  const collecting = useRef(false);
  const enterPending = useRef(false);

  const set = useCallback(
    (next: string) => {
      textRef.current = next;
      setText(next);
      query.setSearch(next);
    },
    [query],
  );
  const closed = useCallback(() => {
    open.current = false;
    collecting.current = false;
    enterPending.current = false;
    set("");
  }, [set]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        // Ours, not kbar's (it leaves a key whose default was prevented alone).
        event.preventDefault();
        if (open.current) {
          open.current = false;
          collecting.current = false;
          query.setVisualState(VisualState.animatingOut);
        } else {
          open.current = true;
          collecting.current = true;
          enterPending.current = false;
          set("");
          query.setVisualState((state) => (state === VisualState.showing ? state : VisualState.animatingIn));
        }
        return;
      }
      if (event.key === "Escape") open.current = false;
      if (!collecting.current || document.activeElement === inputRef.current) return;
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) {
        event.preventDefault();
        set(textRef.current + event.key);
      } else if (event.key === "Backspace") {
        event.preventDefault();
        set(textRef.current.slice(0, -1));
      } else if (event.key === "Enter") {
        // The list is not there yet to take it: the palette runs its first entry once it is (PaletteBody).
        event.preventDefault();
        enterPending.current = true;
      }
    };
    // Capture: before the page (or kbar's own shortcut handler) sees the key.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [set, query]);

  // Opened another way (the top bar's button): from then on Ctrl+K closes it.
  useEffect(() => {
    if (visualState === VisualState.showing) open.current = true;
  }, [visualState]);
  // Entering a nested list (languages) starts its search afresh.
  const shownRoot = useRef(rootActionId);
  useEffect(() => {
    if (shownRoot.current === rootActionId) return;
    shownRoot.current = rootActionId;
    set("");
  }, [rootActionId, set]);

  const current = useCallback(() => textRef.current, []);
  const closing = useCallback(() => {
    open.current = false;
    collecting.current = false;
  }, []);
  const focused = useCallback(() => {
    collecting.current = false;
  }, []);
  const takeEnter = useCallback(() => {
    const pending = enterPending.current;
    enterPending.current = false;
    return pending;
  }, []);
  return useMemo(
    () => ({ text, set, current, inputRef, focused, takeEnter, closed, closing }),
    [text, set, current, focused, takeEnter, closed, closing],
  );
}

function PaletteBody({ placeholder, search }: { placeholder: string; search: TypedSearch }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { query, actions, rootActionId, activeIndex } = useKBar((state) => ({
    actions: state.actions,
    rootActionId: state.currentRootActionId,
    activeIndex: state.activeIndex,
  }));
  // Computed from what is typed now, not from kbar's store (which lags a task behind): an Enter pressed at once
  // runs the entry shown for the whole text.
  const orderNo = orderNoIn(search.text);
  const results = useMemo(() => {
    const all = Object.values(actions);
    const found = paletteResults(
      all.filter((a) => a.id !== GO_TO_ORDER),
      search.text,
      rootActionId,
    );
    const goToOrder = orderNo && !rootActionId ? actions[GO_TO_ORDER] : undefined;
    return goToOrder ? [goToOrder, ...found] : found;
  }, [actions, search.text, rootActionId, orderNo]);

  // The body is there only while the palette shows: its going is the palette closing. A layout effect, so this
  // runs in the commit that closes it, before any key after it (a Ctrl+K at once) could be collected and wiped.
  const { closed, takeEnter } = search;
  useLayoutEffect(() => closed, [closed]);
  // An Enter typed straight after the text, before this list existed, runs the first entry, as it would have.
  useEffect(() => {
    if (!takeEnter()) return;
    const first = results.find((item): item is ActionImpl => typeof item !== "string");
    if (!first) return;
    if (first.command) {
      first.command.perform(first);
      query.setVisualState(VisualState.animatingOut);
    } else query.setCurrentRootAction(first.id);
  }, [takeEnter, results, query]);

  return (
    <div style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadow }}>
      <input
        ref={(element) => {
          search.inputRef.current = element;
          if (element) query.inputRefSetter(element);
        }}
        // biome-ignore lint/a11y/noAutofocus: the palette exists to be typed into; it opens on Ctrl+K.
        autoFocus
        onFocus={search.focused}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-expanded
        aria-controls={KBAR_LISTBOX}
        aria-activedescendant={getListboxItemId(activeIndex)}
        aria-label={rootActionId ? (actions[rootActionId]?.name ?? placeholder) : placeholder}
        placeholder={rootActionId ? (actions[rootActionId]?.name ?? placeholder) : placeholder}
        value={search.text}
        onChange={(event) => search.set(event.target.value)}
        onKeyDown={(event) => {
          // Backspace in an empty nested list goes back up (as kbar's own search box does).
          if (rootActionId && !search.text && event.key === "Backspace")
            query.setCurrentRootAction(actions[rootActionId]?.parent);
        }}
        style={{
          width: "100%",
          padding: "12px 16px",
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
            <div
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
