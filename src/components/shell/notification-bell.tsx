import { BellOutlined } from "@ant-design/icons";
import { useCustom, useGetIdentity } from "@refinedev/core";
import { Badge, Button } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { notificationCalls, type UserInfo } from "#contracts";
import { unreadBadge } from "../../lib/notifications";
import { customCall } from "../../providers/api-call";
import { MountedOnceOpen, openerProps } from "../mounted-once-open";
import { PageLoading } from "../page-loading";
import { useIsMobile } from "./use-viewport";

/**
 * The unread count is read every 30 s. React Query stops the interval while the tab is hidden and reads again
 * when it comes back, so a forgotten tab costs nothing; the server counts an index range.
 */
const UNREAD_POLL_MS = 30_000;
/** The list under the bell and where it opens: their code arrives when the bell is first opened, not with every page. */
const NotificationPanel = lazy(() => import("./notification-panel").then((m) => ({ default: m.NotificationPanel })));
const loadOverlay = () => import("./notification-overlay");
const NotificationOverlay = lazy(loadOverlay);

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
  // On a phone the drawer does not open itself on a click: its bell goes on opening it.
  const button = (opens: boolean) => (
    <Button
      {...openerProps({ load: loadOverlay, opens, onOpen: () => setOpen(true) })}
      type="text"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
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
  return (
    <MountedOnceOpen open={open} fallback={button(true)}>
      <NotificationOverlay mobile={mobile} open={open} onOpenChange={setOpen} button={button(mobile)} panel={panel} />
    </MountedOnceOpen>
  );
}
