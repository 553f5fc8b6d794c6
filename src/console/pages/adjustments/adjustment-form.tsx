import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { type AdjustmentBody, adjustmentBody, adjustmentCalls, adjustmentTypes } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";

const shape = adjustmentBody.shape;

/** A new adjustment; the answer says whether it posted or waits for a second staff member. */
export function AdjustmentForm({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustmentBody>();

  const save = async (values: AdjustmentBody) => {
    const saved = await consoleCall(adjustmentCalls.create, { body: values });
    void message.success(t(saved.status === "posted" ? "console-adjustments.posted" : "console-adjustments.waiting"));
    onSaved();
  };
  const label = (field: string) => t(`console-adjustments.fields.${field}`);
  return (
    <FormDialog<AdjustmentBody>
      open={open}
      title={t("console-adjustments.create")}
      form={form}
      name="adjustment"
      initialValues={{ type: "reduce" }}
      okText={t("common.submit")}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item
        name="merchantNo"
        label={t("console.fields.merchantNo")}
        required
        rules={[zodRule(shape.merchantNo, t)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="type" label={label("type")} required rules={[zodRule(shape.type, t)]}>
        <Select options={adjustmentTypes.map((v) => ({ value: v, label: t(`console-adjustments.types.${v}`) }))} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={label("amount")}
        extra={t("console-adjustments.amountHint")}
        required
        rules={[zodRule(shape.amount, t)]}
      >
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="remark" label={label("remark")} required rules={[zodRule(shape.remark, t)]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}
