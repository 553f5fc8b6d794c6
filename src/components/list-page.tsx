import { ReloadOutlined } from "@ant-design/icons";
import { Button, type TablePaginationConfig } from "antd";
import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { showFailure } from "../providers/http-client";

/** What the list pages share: a refresh button, the load-failure message, and pagination that shows the total. */
export const LIST_PAGE_SIZES = [10, 20, 50, 100];

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

/** Table pagination with a size changer and the total ("More than 10,000 items" when the server stopped counting). */
export function listPagination(
  pagination: TablePaginationConfig | false | undefined,
  t: TFunction,
  totalCapped = false,
): TablePaginationConfig | false | undefined {
  return (
    pagination && {
      ...pagination,
      pageSizeOptions: LIST_PAGE_SIZES,
      showSizeChanger: true,
      showTotal: (total) => t(totalCapped ? "common.totalCapped" : "common.total", { total }),
    }
  );
}
