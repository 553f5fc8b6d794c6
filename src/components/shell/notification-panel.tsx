import { useCustom } from "@refinedev/core";
import { Button, Empty, Flex, List, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type Notification, notificationCalls } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { notificationLink } from "../../lib/notifications";
import { callApi, customCall } from "../../providers/api-call";
import { useExportDrawer } from "./export-drawer-context";
import { useIsMobile } from "./use-viewport";

/** The latest notifications under the top bar's bell, each leading to its page (notification-bell.tsx). */
export function NotificationPanel({
  hasUnread,
  onDone,
  onChange,
}: {
  /**
   * From the bell's count (every unread one, not only the listed ones), known before the list arrives: "Mark all
   * read" does not flip on as the list loads. `onChange` has the count read again.
   */
  hasUnread: boolean;
  onDone: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const exportDrawer = useExportDrawer();
  const mobile = useIsMobile();
  const { query } = useCustom<{ list: Notification[] }>({
    ...customCall(notificationCalls.list),
    queryOptions: { retry: false },
  });
  const items = query.data?.data.list ?? [];

  const follow = async (item: Notification) => {
    onDone();
    const link = notificationLink(item);
    if ("page" in link) navigate(link.page);
    else exportDrawer.open();
    if (!item.read) {
      await callApi(notificationCalls.markRead, { params: { id: item.id } });
      onChange();
    }
  };
  const readAll = async () => {
    await callApi(notificationCalls.markAllRead);
    await query.refetch();
    onChange();
  };

  return (
    <div style={{ width: mobile ? "100%" : 380 }} role="dialog" aria-label={t("notification.title")}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t("notification.title")}</Typography.Text>
        <Button size="small" type="link" disabled={!hasUnread} onClick={() => void readAll()}>
          {t("notification.markAllRead")}
        </Button>
      </Flex>
      <List<Notification>
        loading={query.isLoading}
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("notification.empty")} /> }}
        style={{ maxHeight: 400, overflowY: "auto" }}
        renderItem={(item) => (
          <List.Item
            style={{ paddingInline: 8, background: item.read ? undefined : token.controlItemBgActive }}
            data-read={item.read ? "1" : "0"}
          >
            <Flex vertical gap={2} style={{ width: "100%" }}>
              <Typography.Text strong={!item.read}>{item.text}</Typography.Text>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(item.createTime)}
                </Typography.Text>
                <Button size="small" type="link" style={{ padding: 0 }} onClick={() => void follow(item)}>
                  {t(`notification.open.${item.kind}`)}
                </Button>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </div>
  );
}
