import { BellOutlined } from "@ant-design/icons";
import { useCustom, useGetIdentity } from "@refinedev/core";
import { Badge, Button, Drawer, Popover } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { notificationCalls, type UserInfo } from "#contracts";
import { unreadBadge } from "../../lib/notifications";
import { customCall } from "../../providers/api-call";
import { PageLoading } from "../page-loading";
import { useIsMobile } from "./use-viewport";

/**
 * The unread count is read every 30 s. React Query stops the interval while the tab is hidden and reads again
 * when it comes back, so a forgotten tab costs nothing; the server counts an index range.
 */
const UNREAD_POLL_MS = 30_000;
/** The list under the bell: its code arrives when the bell is first opened, not with every page. */
const NotificationPanel = lazy(() => import("./notification-panel").then((m) => ({ default: m.NotificationPanel })));

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
  const panel = (
    <Suspense fallback={<PageLoading compact />}>
      <NotificationPanel
        hasUnread={(unread.data?.data.count ?? 0) > 0}
        onDone={() => setOpen(false)}
        onChange={() => void unread.refetch()}
      />
    </Suspense>
  );
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
