import { Button, Form, Input, InputNumber, Switch, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { type PaymentGateway, type PaymentGatewayBody, paymentCalls, paymentGatewayBody } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { formatDateTime } from "../../../lib/date-format";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { useWholeList, WholeListTable, WholeListToolbar } from "../../whole-list";

/**
 * The payment methods ("gateways": bank transfer, USDT, Alipay...) the merchant's Recharge form offers, in their
 * order; once any exists, a recharge must name an enabled one. A short list, read whole; with payments:create a
 * method is added, with payments:edit renamed, reordered or disabled.
 */
export function PaymentGateways({ mayCreate, mayEdit }: { mayCreate: boolean; mayEdit: boolean }) {
  const { t } = useTranslation();
  const { query, editing, setEditing, saved } = useWholeList<PaymentGateway>(paymentCalls.gateways, {
    loadFailed: "console-payments.gateways.loadFailed",
  });

  const label = (field: string) => t(`console-payments.gateways.fields.${field}`);
  return (
    <>
      <WholeListToolbar
        query={query}
        createLabel={t("console-payments.gateways.create")}
        onCreate={mayCreate ? () => setEditing("new") : undefined}
      />
      <WholeListTable<PaymentGateway>
        query={query}
        columns={[
          { key: "name", title: label("name"), dataIndex: "name" },
          { key: "sort", title: label("sort"), dataIndex: "sort", align: "right" },
          {
            key: "enabled",
            title: label("enabled"),
            render: (_, g) => <Tag color={g.enabled ? "green" : "red"}>{t(`enums.enabled.${g.enabled}`)}</Tag>,
          },
          { key: "createTime", title: label("createTime"), render: (_, g) => formatDateTime(g.createTime) },
          {
            key: "actions",
            title: t("console.fields.actions"),
            render: (_, g) =>
              mayEdit && (
                <Button type="link" size="small" onClick={() => setEditing(g)}>
                  {t("common.edit")}
                </Button>
              ),
          },
        ]}
      />
      <GatewayForm
        gateway={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
    </>
  );
}

type Values = Required<PaymentGatewayBody>;
const shape = paymentGatewayBody.shape;

/** A payment method: its name as merchants see it, its place in their list, and whether it is offered. */
function GatewayForm({
  gateway,
  open,
  onClose,
  onSaved,
}: {
  gateway: PaymentGateway | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: PaymentGateway) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const creating = gateway === null;

  const save = async (body: Values) => {
    const saved = gateway
      ? await consoleCall(paymentCalls.updateGateway, { params: { id: gateway.id }, body })
      : await consoleCall(paymentCalls.createGateway, { body });
    void message.success(
      t(creating ? "console-payments.gateways.created" : "console-payments.gateways.saved", { name: saved.name }),
    );
    onSaved(saved);
  };

  const label = (field: string) => t(`console-payments.gateways.fields.${field}`);
  const hint = (field: string) => t(`console-payments.gateways.hints.${field}`);
  return (
    <FormDialog<Values>
      open={open}
      title={
        creating ? t("console-payments.gateways.create") : t("console-payments.gateways.edit", { name: gateway.name })
      }
      form={form}
      name="console-payment-gateway"
      record={gateway}
      values={() => gateway && { name: gateway.name, sort: gateway.sort, enabled: gateway.enabled }}
      initialValues={{ enabled: true, sort: 0 }}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item name="name" label={label("name")} extra={hint("name")} required rules={[zodRule(shape.name, t)]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="sort"
        label={label("sort")}
        extra={hint("sort")}
        required
        rules={[{ required: true, message: t("validation.required") }, zodRule(shape.sort, t)]}
      >
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label={label("enabled")} valuePropName="checked" extra={hint("enabled")}>
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
