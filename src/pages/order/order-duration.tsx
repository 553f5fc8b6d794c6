import { useTranslation } from "react-i18next";
import { durationParts, type Order } from "#contracts";
import { SecondaryText } from "../../components/plain-text";
import { elapsedSeconds } from "../../lib/order-status";
import { useNow } from "./use-now";

/**
 * The final duration, or for a Processing order the time taken so far (greyed: it is still running); "-" when
 * there is neither. A running duration ticks on its own (useNow), so its table or card does not re-render.
 */
export function OrderDuration({ order }: { order: Pick<Order, "status" | "duration" | "createTime"> }) {
  const { t } = useTranslation();
  const running = order.status === "processing";
  const now = useNow(running);
  const seconds = running ? elapsedSeconds(order.createTime, now) : order.duration;
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return <>-</>;
  const { key, params } = durationParts(seconds);
  const text = t(`order.duration.${key}`, params);
  return running ? <SecondaryText>{text}</SecondaryText> : text;
}
