import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { durationParts, type Order } from "#contracts";
import { elapsedSeconds } from "../../lib/order-status";

/**
 * The final duration, or for a Processing order the time taken so far (greyed: it is still running); "-" when
 * there is neither.
 */
export function OrderDuration({
  order,
  now,
}: {
  order: Pick<Order, "status" | "duration" | "createTime">;
  now: number;
}) {
  const { t } = useTranslation();
  const running = order.status === "processing";
  const seconds = running ? elapsedSeconds(order.createTime, now) : order.duration;
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return <>-</>;
  const { key, params } = durationParts(seconds);
  const text = t(`order.duration.${key}`, params);
  return running ? <Typography.Text type="secondary">{text}</Typography.Text> : text;
}
