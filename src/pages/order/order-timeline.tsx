import { Empty, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { OrderDetail } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { isTimelineKind, timelineColor } from "../../lib/order-status";

/** What happened to the order, oldest first: the kind translated, the server's detail text as it is. */
export function OrderTimeline({ entries, pending }: { entries: OrderDetail["timeline"]; pending: boolean }) {
  const { t } = useTranslation();
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("order.timeline.empty")} />;
  const items = entries.map((entry, index) => {
    const { kind } = entry;
    const known = isTimelineKind(kind);
    return {
      key: `${index}-${kind}`,
      color: known ? timelineColor[kind] : "gray",
      children: (
        <>
          <Typography.Text strong>{known ? t(`order.timeline.kinds.${kind}`) : kind}</Typography.Text>{" "}
          <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
          {entry.detail && <div>{entry.detail}</div>}
        </>
      ),
    };
  });
  // A Processing order has more to come: antd's pending dot says so.
  return <Timeline items={items} pending={pending ? t("enums.orderStatus.processing") : false} />;
}
