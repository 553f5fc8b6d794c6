import { BellOutlined } from "@ant-design/icons";
import { useCustom, useGetIdentity } from "@refinedev/core";
import { Badge, Button, Drawer, Empty, Flex, List, Popover, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type Notification, notificationCalls, type UserInfo } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { notificationLink, unreadBadge } from "../../lib/notifications";
import { callApi, customCall } from "../../providers/api-call";
import { useExportDrawer } from "./export-drawer-context";
import { useIsMobile } from "./use-viewport";

/**
 * The unread count is read every 30 s. React Query stops the interval while the tab is hidden and reads again
 * when it comes back, so a forgotten tab costs nothing; the server counts an index range.
 */
const UNREAD_POLL_MS = 30_000;

/** The top bar's bell: the unread count on it, the latest notifications under it, each leading to its page. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  const [open, setOpen] = useState(false);
  const mobile = useIsMobile();
  // Until MFA is bound the server refuses these calls: no bell to poll yet.
  const ready = user !== undefined && user.mfaStatus === 1;
  const { query: unread } = useCustom<{ count: number; capped: boolean }>({
    ...customCall(notificationCalls.unread),
    queryOptions: { enabled: ready, refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: true, retry: false },
  });
  const badge = unreadBadge(unread.data?.data);
  const label = badge
    ? t("common.labelled", { label: t("notification.bell"), value: t("notification.unread", { count: badge }) })
    : t("notification.bell");
  if (!ready) return null;
  const button = (
    <Button
      type="text"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={mobile ? () => setOpen(true) : undefined}
    >
      <Badge count={badge} size="small" offset={[4, -2]}>
        <BellOutlined aria-hidden style={{ fontSize: 16 }} />
      </Badge>
    </Button>
  );
  const panel = <NotificationPanel onDone={() => setOpen(false)} onChange={() => void unread.refetch()} />;
  // A phone has no room beside the bell for a popover: the list comes down from the top, the screen's width.
  if (mobile)
    return (
      <>
        {button}
        <Drawer
          placement="top"
          height="auto"
          open={open}
          onClose={() => setOpen(false)}
          closable={false}
          destroyOnHidden
          styles={{ body: { padding: 12 } }}
        >
          {panel}
        </Drawer>
      </>
    );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      destroyOnHidden
      content={panel}
    >
      {button}
    </Popover>
  );
}

function NotificationPanel({ onDone, onChange }: { onDone: () => void; onChange: () => void }) {
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
        <Button size="small" type="link" disabled={!items.some((n) => !n.read)} onClick={() => void readAll()}>
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
