import { ReloadOutlined } from "@ant-design/icons";
import { getDefaultSortOrder } from "@refinedev/antd";
import type { CrudSort } from "@refinedev/core";
import { Button, Card, Empty, Flex, type TablePaginationConfig, type TableProps } from "antd";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZE_CHOICES } from "#contracts";
import { showFailure } from "../providers/http-client";
import { useCompactList } from "./column-chooser";
import { PageTitle } from "./page-title";
import "./list-page.css";

/**
 * What the list pages share: the card with its title and actions, a refresh button, the load-failure message,
 * the empty and failed states, and pagination that shows the total.
 */

/**
 * A list's card. The title and the actions share one row that wraps on a narrow screen (antd's own header keeps
 * them on one line, and on a phone the buttons pushed the title out of sight).
 */
export function ListCard({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  // On a phone the card gives its padding to the table, so the key columns fit the width.
  const padding = useCompactList() ? 12 : undefined;
  return (
    <Card
      title={
        <Flex wrap align="center" justify="space-between" gap={8}>
          <PageTitle>{title}</PageTitle>
          {actions}
        </Flex>
      }
      styles={{
        header: { paddingBlock: 8, paddingInline: padding },
        body: { padding },
        title: { whiteSpace: "normal", overflow: "visible" },
      }}
    >
      {children}
    </Card>
  );
}

export function RefreshButton({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<ReloadOutlined />}
      aria-label={t("common.refresh")}
      title={t("common.refresh")}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
    />
  );
}

/**
 * Spec §8: 'Failed to load … list: ' + reason (`messageKey` takes `{{reason}}`). Each failed reload brings a new
 * error; the message is keyed, so a list that keeps failing shows one message, not a stack of them.
 */
export function useLoadFailure(
  error: { message: string } | null | undefined,
  messageKey: string,
  level: "error" | "warning" = "error",
) {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) showFailure(error, t(messageKey, { reason: error.message }), level);
  }, [error, messageKey, level, t]);
}

/**
 * A list table's size and scrolling: on a wide screen every column at its natural width (the table scrolls
 * sideways when they do not fit); on a phone the table takes the card's width and its headers wrap (the list shows
 * the few columns chosen for a phone). A phone's table is laid out by its contents even with a fixed column
 * (antd would fix its layout, squeezing a list of many columns until "Matched" broke into "Matche/d"): too wide
 * for the card, it scrolls sideways.
 */
export function listTableLayout(compact: boolean): Pick<TableProps, "size" | "scroll" | "className" | "tableLayout"> {
  return compact
    ? { size: "small", scroll: { x: "100%" }, tableLayout: "auto", className: "compact-list-table" }
    : { size: "middle", scroll: { x: "max-content" } };
}

/**
 * Whether a table greys its rows out: only while they are not the rows asked for (the first load, a new search,
 * sort or page). A background reload (the refresh button, a Processing order's polling, a language change) keeps
 * the rows in sight; the refresh button's spinner is its quiet sign.
 */
export const tableLoading = (query: { isPending: boolean; isPlaceholderData: boolean }) =>
  query.isPending || query.isPlaceholderData;

/**
 * A table that scrolls sideways can be scrolled from the keyboard: while its scroll box is wider than the card, the
 * box takes focus (WCAG 2.1.1; axe's scrollable-region-focusable), then the arrow keys scroll it. A ref callback for
 * antd's Table, which exposes its element as `nativeElement`; React 19 runs the cleanup it answers.
 */
export function keyboardScrollable(table: { nativeElement?: HTMLElement } | null) {
  const box = table?.nativeElement?.querySelector<HTMLElement>(".ant-table-content");
  if (!box || typeof ResizeObserver === "undefined") return;
  const update = () => {
    if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
    else box.removeAttribute("tabindex");
  };
  const observer = new ResizeObserver(update);
  observer.observe(box);
  if (box.firstElementChild) observer.observe(box.firstElementChild);
  return () => observer.disconnect();
}

/**
 * Table pagination with a size changer and the total ("More than 10,000 items" when the server stopped counting);
 * small on a phone, so it fits the width.
 */
export function listPagination(
  pagination: TablePaginationConfig | false | undefined,
  t: TFunction,
  totalCapped = false,
  compact = false,
): TablePaginationConfig | false | undefined {
  return (
    pagination && {
      ...pagination,
      pageSizeOptions: [...PAGE_SIZE_CHOICES],
      showSizeChanger: true,
      size: compact ? "small" : "default",
      showLessItems: compact,
      showTotal: (total) => (totalCapped ? t("common.totalCapped", { total }) : t("common.total", { count: total })),
    }
  );
}

/**
 * What a list's table shows instead of rows: that it could not be read (with a retry; the reason was already said
 * by the load-failure message), that nothing matches its search, or that it has nothing yet.
 */
export function ListEmpty({ failed, filtered, onRetry }: { failed: boolean; filtered: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failed)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.list.failed")}>
        <Button onClick={onRetry}>{t("common.retry")}</Button>
      </Empty>
    );
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t(filtered ? "common.list.noMatch" : "common.list.empty")}
    />
  );
}

/** A column the server sorts by (`key` is the field the list's contract allows), showing the current sort. */
export function sortableColumn(key: string, sorters: readonly CrudSort[]) {
  // Refine reads the sorted field from `dataIndex` (the key names it when a column renders its own cell).
  return { key, dataIndex: key, sorter: true, sortOrder: getDefaultSortOrder(key, [...sorters]) ?? null };
}
