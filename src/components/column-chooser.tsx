import { TableOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Button } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "#contracts";
import { storageKeys } from "../lib/storage-keys";
import type { ColumnChecklistProps } from "./column-checklist";
import { MountedOnceOpen, openerProps } from "./mounted-once-open";
import { LAPTOP_BREAKPOINT_PX, PHONE_BREAKPOINT_PX, useViewportBelow } from "./shell/use-viewport";

/** The checklist and its popover: their code arrives when the chooser is first opened, not with every list. */
const loadChecklist = () => import("./column-checklist");
const ColumnChecklist = lazy(loadChecklist);

/** Phones (antd's `xs`, below 576 px): lists show few columns, filters fold away, headers wrap. */
export const useCompactList = () => useViewportBelow(PHONE_BREAKPOINT_PX);

const keyOf = (column: { key?: unknown }) => String(column.key);

function readChoice(storageKey: string | undefined): string[] | null {
  if (!storageKey) return null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? "null");
    return Array.isArray(stored) && stored.every((k) => typeof k === "string") ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The columns a main list shows, chosen by the signed-in user and kept in local storage under their id, the list
 * and the layout. Until the user chooses, each width shows the columns that fit it: a phone `compactKeys`, a
 * laptop `laptopKeys` (when given; a list without them shows every column there), a wider screen every column.
 * The identifying column (`fixed: "left"`) is always shown; on a phone no column stays fixed (it would take half
 * the screen, and hide the others).
 */
export function useColumnChoice<Row>(
  list: string,
  columns: ColumnsType<Row>,
  compactKeys: readonly string[],
  laptopKeys?: readonly string[],
): { columns: ColumnsType<Row>; chooser: ReactNode; compact: boolean } {
  const { data: user } = useGetIdentity<UserInfo>();
  const compact = useCompactList();
  const laptop = useViewportBelow(LAPTOP_BREAKPOINT_PX) && laptopKeys !== undefined;
  const layout = compact ? "compact" : laptop ? "laptop" : "wide";
  const storageKey = user ? `${storageKeys.listColumns}:${user.id}:${list}:${layout}` : undefined;
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-reads the storage after a change.
  const stored = useMemo(() => readChoice(storageKey), [storageKey, version]);
  const required = columns.filter((c) => c.fixed === "left").map(keyOf);
  const defaults = compact ? compactKeys : laptop ? laptopKeys : columns.map(keyOf);
  const shown = new Set([...required, ...(stored ?? defaults ?? [])]);

  const choose = (keys: string[] | null) => {
    if (!storageKey) return;
    if (keys) localStorage.setItem(storageKey, JSON.stringify(keys));
    else localStorage.removeItem(storageKey);
    setVersion((v) => v + 1);
  };
  const visible = columns.filter((c) => shown.has(keyOf(c))).map((c) => (compact ? { ...c, fixed: undefined } : c));
  const chooser = (
    <ColumnChooser
      options={columns.map((c) => ({
        value: keyOf(c),
        label: c.title as ReactNode,
        disabled: required.includes(keyOf(c)),
      }))}
      value={[...shown]}
      onChange={choose}
    />
  );
  return { columns: visible, chooser, compact };
}

function ColumnChooser(props: ColumnChecklistProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = (opens: boolean) => (
    <Button
      {...openerProps({ load: loadChecklist, opens, onOpen: () => setOpen(true) })}
      icon={<TableOutlined />}
      aria-label={t("common.columns.choose")}
      title={t("common.columns.choose")}
    />
  );
  return (
    <MountedOnceOpen open={open} fallback={button(true)}>
      <ColumnChecklist {...props} open={open} onOpenChange={setOpen} button={button(false)} />
    </MountedOnceOpen>
  );
}
