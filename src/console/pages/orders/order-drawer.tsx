import { useCan, useCustom } from "@refinedev/core";
import { Button, Card, Drawer, Flex, Form, Input, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleOrderDetail, consoleOrderCalls, failOrderBody } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { OrderDetails, OrderInputs } from "../../../pages/order/order-details";
import { OrderTimeline } from "../../../pages/order/order-timeline";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";
import { OrderAttempts, OrderCost } from "./order-attempts";

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
  const [requerying, setRequerying] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const order = query.data?.data;

  const act = async (send: () => Promise<ConsoleOrderDetail>, done: string) => {
    await send();
    void message.success(t(done, { orderNo }));
    setFailing(false);
    onChanged();
    void query.refetch();
  };
  const requery = async () => {
    setRequerying(true);
    try {
      await act(() => consoleCall(consoleOrderCalls.requery, { params: { orderNo } }), "console-orders.requeried");
    } catch {
      // the http client has said why
    } finally {
      setRequerying(false);
    }
  };
  // A refusal's field errors land on the reason (FormDialog paints them).
  const fail = ({ reason }: { reason: string }) =>
    act(() => consoleCall(consoleOrderCalls.fail, { params: { orderNo }, body: { reason } }), "console-orders.failed");

  const stuck = order?.status === "processing";
  return (
    <Drawer
      open
      width={Math.min(1200, window.innerWidth)}
      title={t("console-orders.drawerTitle", { orderNo })}
      onClose={onClose}
    >
      {!order ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          {stuck && mayAct && (
            <Flex gap={8} justify="flex-end">
              <Button loading={requerying} onClick={() => void requery()}>
                {t("console-orders.requery")}
              </Button>
              <Button danger onClick={() => setFailing(true)}>
                {t("console-orders.fail")}
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
          <Card type="inner" title={t("console-orders.attempts.title")}>
            <OrderAttempts order={order} />
          </Card>
          <Card type="inner" title={t("order.sections.timeline")}>
            <OrderTimeline entries={order.timeline} pending={stuck} />
          </Card>
        </Flex>
      )}
      <FormDialog<{ reason: string }>
        open={failing}
        title={t("console-orders.failTitle", { orderNo })}
        form={form}
        name="fail-order"
        okText={t("console-orders.fail")}
        danger
        onSubmit={fail}
        onClose={() => setFailing(false)}
        above={<p>{t("console-orders.failHint")}</p>}
      >
        <Form.Item
          name="reason"
          label={t("order.fields.failReason")}
          required
          rules={[zodRule(failOrderBody.shape.reason, t)]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </FormDialog>
    </Drawer>
  );
}
