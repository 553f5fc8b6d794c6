import { useCan, useCustom } from "@refinedev/core";
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  message,
  Spin,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AttemptState,
  type ConsoleOrderDetail,
  consoleOrderCalls,
  type FulfilmentAttempt,
  failOrderBody,
} from "#contracts";
import { applyFieldErrors } from "../../components/form-errors";
import { formatDateTime } from "../../lib/date-format";
import { zodRule } from "../../lib/zod-rule";
import { OrderDetails, OrderInputs } from "../../pages/order/order-details";
import { OrderTimeline } from "../../pages/order/order-timeline";
import { customCall } from "../../providers/api-call";
import { consoleCall } from "../console-session";
import { formatCost } from "./supplier-kinds";

const attemptColor: Record<AttemptState, string> = {
  sent: "warning",
  pending: "processing",
  success: "success",
  failed: "error",
};

/** What the order cost at its supplier and what the reseller keeps, when the server knows them. */
function OrderCost({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation();
  if (order.cost === null && order.margin === null) return null;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 12 }}>
      {order.cost !== null && (
        <Descriptions.Item label={t("console.orders.cost")}>
          {`${formatCost(order.cost)} ${order.costCurrency ?? ""}`.trim()}
        </Descriptions.Item>
      )}
      {order.margin !== null && (
        <Descriptions.Item label={t("console.orders.margin")}>
          <Typography.Text type={order.margin.startsWith("-") ? "danger" : undefined}>
            {`${formatCost(order.margin)} ${order.currency}`}
          </Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** Each try at a supplier, oldest first: a refusal moved the order on to the next route. */
function OrderAttempts({ attempts }: { attempts: FulfilmentAttempt[] }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console.orders.attempts.fields.${field}`);
  return (
    <Table<FulfilmentAttempt>
      rowKey="seq"
      size="small"
      pagination={false}
      scroll={{ x: "max-content" }}
      dataSource={attempts}
      locale={{ emptyText: t("console.orders.attempts.empty") }}
      columns={[
        { key: "seq", title: label("seq"), dataIndex: "seq" },
        { key: "supplier", title: label("supplier"), render: (_, a) => `${a.supplierName} (${a.supplierCode})` },
        { key: "supplierProduct", title: label("supplierProduct"), dataIndex: "supplierProduct" },
        { key: "reference", title: label("reference"), dataIndex: "reference" },
        { key: "transactionId", title: label("transactionId"), render: (_, a) => a.transactionId ?? "-" },
        {
          key: "state",
          title: label("state"),
          render: (_, a) => <Tag color={attemptColor[a.state]}>{t(`console.orders.attempts.states.${a.state}`)}</Tag>,
        },
        {
          key: "cost",
          title: label("cost"),
          align: "right",
          render: (_, a) => (a.cost === null ? "-" : `${formatCost(a.cost)} ${a.costCurrency ?? ""}`.trim()),
        },
        {
          key: "latency",
          title: label("latency"),
          align: "right",
          render: (_, a) => (a.latencyMs === null ? "-" : a.latencyMs),
        },
        { key: "detail", title: label("detail"), render: (_, a) => a.detail || "-" },
        { key: "startTime", title: label("startTime"), render: (_, a) => formatDateTime(a.startTime) },
      ]}
    />
  );
}

/**
 * One order across merchants: its fields (with its cost and margin), inputs, each supplier attempt and the whole
 * timeline, and for a stuck (Processing) order customer service's two actions: ask the supplier again now, or fail
 * it with a reason, which refunds it as every failure does. The server audits both.
 */
export function ConsoleOrderDrawer({
  orderNo,
  onClose,
  onChanged,
}: {
  orderNo: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const mayAct = useCan({ resource: "orders", action: "edit" }).data?.can === true;
  const { query } = useCustom<ConsoleOrderDetail>({
    ...customCall(consoleOrderCalls.one, { orderNo }),
    queryOptions: { retry: false },
  });
  const [failing, setFailing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const order = query.data?.data;

  const act = async (send: () => Promise<ConsoleOrderDetail>, done: string) => {
    setBusy(true);
    try {
      await send();
      void message.success(t(done, { orderNo }));
      setFailing(false);
      onChanged();
      void query.refetch();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };
  const requery = () =>
    act(() => consoleCall(consoleOrderCalls.requery, { params: { orderNo } }), "console.orders.requeried");
  const fail = ({ reason }: { reason: string }) =>
    act(() => consoleCall(consoleOrderCalls.fail, { params: { orderNo }, body: { reason } }), "console.orders.failed");

  const stuck = order?.status === "processing";
  return (
    <Drawer
      open
      width={Math.min(1100, window.innerWidth)}
      title={t("console.orders.title", { orderNo })}
      onClose={onClose}
    >
      {!order ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          {stuck && mayAct && (
            <Flex gap={8} justify="flex-end">
              <Button loading={busy && !failing} onClick={() => void requery()}>
                {t("console.orders.requery")}
              </Button>
              <Button danger onClick={() => setFailing(true)}>
                {t("console.orders.fail")}
              </Button>
            </Flex>
          )}
          <Card type="inner" title={`${t("order.sections.details")} · ${order.merchantName} (${order.merchantNo})`}>
            <OrderDetails order={order} batchLinks={false} />
            <OrderCost order={order} />
          </Card>
          <Card type="inner" title={t("order.sections.inputs")}>
            <OrderInputs inputs={order.inputs} />
          </Card>
          <Card type="inner" title={t("console.orders.attempts.title")}>
            <OrderAttempts attempts={order.attempts} />
          </Card>
          <Card type="inner" title={t("order.sections.timeline")}>
            <OrderTimeline entries={order.timeline} pending={stuck} />
          </Card>
        </Flex>
      )}
      <Modal
        open={failing}
        title={t("console.orders.failTitle", { orderNo })}
        onCancel={() => setFailing(false)}
        onOk={() => form.submit()}
        okText={t("console.orders.fail")}
        okButtonProps={{ danger: true }}
        cancelText={t("common.cancel")}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p>{t("console.orders.failHint")}</p>
        <Form form={form} name="fail-order" layout="vertical" onFinish={(v) => void fail(v)}>
          <Form.Item
            name="reason"
            label={t("order.fields.failReason")}
            required
            rules={[zodRule(failOrderBody.shape.reason, t)]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
