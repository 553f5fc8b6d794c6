import { useCan } from "@refinedev/core";
import { Empty, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ledgerResource, type OrderDetail } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { isTimelineKind, timelineColor } from "../../lib/order-status";

/**
 * What happened to the order, oldest first: the kind translated, the server's detail text as it is, and the balance
 * entry a step posted, labelled — a link to it in Funds Details when `ledgerLinks` (the portal, for roles that see
 * funds; the console has no such page).
 */
export function OrderTimeline({
  entries,
  pending,
  ledgerLinks = false,
}: {
  entries: OrderDetail["timeline"];
  pending: boolean;
  ledgerLinks?: boolean;
}) {
  const { t } = useTranslation();
  const { data: funds } = useCan({
    resource: ledgerResource.name,
    action: "list",
    queryOptions: { enabled: ledgerLinks },
  });
  const linked = ledgerLinks && funds?.can === true;
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
          {entry.fundNo && (
            <div>
              <Typography.Text type="secondary">{t("order.timeline.ledgerEntry")}</Typography.Text>{" "}
              {linked ? (
                <Link to={`${ledgerResource.path}?${new URLSearchParams({ fundNo: entry.fundNo })}`}>
                  {entry.fundNo}
                </Link>
              ) : (
                entry.fundNo
              )}
            </div>
          )}
          {entry.detail && <div>{entry.detail}</div>}
        </>
      ),
    };
  });
  // A Processing order has more to come: antd's pending dot says so.
  return <Timeline items={items} pending={pending ? t("enums.orderStatus.processing") : false} />;
}
