import { Alert, Descriptions, Flex, Table, Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AttemptState, ConsoleOrderDetail, FulfilmentAttempt } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { amountText, moneyText, rateText } from "../../shared/cost-text";

const attemptColor: Record<AttemptState, string> = {
  sent: "warning",
  pending: "processing",
  success: "success",
  failed: "error",
  skipped: "default",
};

/** One labelled amount of a cell: "Charged 1.3677 USD" (the amount in a span of its own). */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text type="secondary">{label} </Typography.Text>
      <span>{children}</span>
    </div>
  );
}

/**
 * Each try at a supplier, oldest first: a refusal moved the order on to the next route, and a route that could not
 * buy the order (or only at a loss) was skipped, unsent, with why. Per attempt the amounts of the supplier
 * boundary: the face value, what was sent and what the recipient got (short deliveries marked); what it should
 * have cost, what the supplier charged, and that in the order's currency at the rate of the time.
 */
export function OrderAttempts({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-orders.attempts.fields.${field}`);
  const line = (field: string) => t(`console-orders.attempts.lines.${field}`);
  return (
    <Table<FulfilmentAttempt>
      rowKey="seq"
      size="small"
      pagination={false}
      scroll={{ x: "max-content" }}
      dataSource={order.attempts}
      locale={{ emptyText: t("console-orders.attempts.empty") }}
      columns={[
        { key: "seq", title: label("seq"), dataIndex: "seq" },
        {
          key: "supplier",
          title: label("supplier"),
          render: (_, a) => (
            <>
              <div>{`${a.supplierName} (${a.supplierCode})`}</div>
              <Typography.Text type="secondary">{a.supplierProduct}</Typography.Text>
            </>
          ),
        },
        {
          key: "reference",
          title: label("reference"),
          render: (_, a) => (
            <>
              <div>{a.reference}</div>
              {a.transactionId && <Typography.Text type="secondary">{a.transactionId}</Typography.Text>}
              <div>
                <Typography.Text type="secondary">
                  {formatDateTime(a.startTime)}
                  {a.latencyMs !== null && ` · ${t("console-orders.attempts.latency", { ms: a.latencyMs })}`}
                </Typography.Text>
              </div>
            </>
          ),
        },
        {
          key: "state",
          title: label("state"),
          render: (_, a) => (
            <Flex vertical align="flex-start" gap={4} style={{ maxWidth: 280 }}>
              <Tag color={attemptColor[a.state]}>{t(`console-orders.attempts.states.${a.state}`)}</Tag>
              {a.detail && (
                <Typography.Text type={a.state === "skipped" ? "warning" : "secondary"}>{a.detail}</Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: "delivery",
          title: label("delivery"),
          render: (_, a) => (
            <>
              <Line label={line("face")}>{moneyText(a.face)}</Line>
              {a.state !== "skipped" && a.sent.amount !== null && (
                <Line label={line("sent")}>
                  {a.sent.local ? t("console-routes.quote.local", { amount: moneyText(a.sent) }) : moneyText(a.sent)}
                </Line>
              )}
              {a.delivered.amount !== null && <Line label={line("delivered")}>{moneyText(a.delivered)}</Line>}
              {a.shortDelivery && <Tag color="red">{t("console-orders.shortDelivery")}</Tag>}
            </>
          ),
        },
        {
          key: "cost",
          title: label("cost"),
          render: (_, a) => (
            <>
              <Line label={line("expectedCost")}>{moneyText(a.expectedCost)}</Line>
              {a.state === "success" && (
                <Line label={line("charged")}>
                  {a.cost === null ? t("console-orders.notStated") : amountText(a.cost, a.costCurrency)}
                </Line>
              )}
              {a.orderCost !== null && (
                <Line label={t("console-orders.attempts.lines.orderCost", { currency: order.currency })}>
                  {amountText(a.orderCost, order.currency)}
                </Line>
              )}
              {a.rate !== null && (
                <Typography.Text type="secondary">
                  {t("console-orders.atRate", { rate: rateText(a.rate), time: formatDateTime(a.rateTime) })}
                </Typography.Text>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * What the order cost at its supplier and what the reseller keeps: the supplier's charge in its account's currency,
 * that cost in the order's (the expected one, marked, when the supplier stated none) and the margin; a warning when
 * a supplier delivered short.
 */
export function OrderCost({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation();
  const known = order.cost !== null || order.orderCost !== null || order.margin !== null;
  if (!known && !order.shortDelivery) return null;
  return (
    <Flex vertical gap={12} style={{ marginTop: 12 }}>
      {order.shortDelivery && <Alert type="warning" showIcon message={t("console-orders.shortDeliveryWarning")} />}
      {known && (
        <Descriptions bordered size="small" column={{ xs: 1, sm: 3 }}>
          <Descriptions.Item label={t("console-orders.cost")}>
            {order.cost === null ? t("console-orders.notStated") : amountText(order.cost, order.costCurrency)}
          </Descriptions.Item>
          <Descriptions.Item label={t("console-orders.orderCost")}>
            <Flex gap={8} align="center" wrap>
              {order.orderCost === null ? t("console-orders.noRate") : amountText(order.orderCost, order.currency)}
              {order.costEstimated && (
                <Tooltip title={t("console-orders.estimatedHint")}>
                  <Tag color="gold">{t("console-orders.estimated")}</Tag>
                </Tooltip>
              )}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t("console-orders.margin")}>
            {order.margin === null ? (
              "-"
            ) : (
              <Typography.Text type={order.margin.startsWith("-") ? "danger" : undefined}>
                {amountText(order.margin, order.currency)}
              </Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Flex>
  );
}
