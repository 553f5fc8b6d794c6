import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { type PriceList, type PriceListBody, priceCalls, priceListBody } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";

const shape = priceListBody.shape;

/**
 * A price list's name, currency and description; `list` null adds one. The currency is fixed once the list holds
 * prices or merchants (they are in it): the server refuses the change and says why.
 */
export function PriceListForm({
  list,
  open,
  onClose,
  onSaved,
}: {
  list: PriceList | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: PriceList) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PriceListBody>();

  const save = async (body: PriceListBody) => {
    const saved = list
      ? await consoleCall(priceCalls.updateList, { params: { id: list.id }, body })
      : await consoleCall(priceCalls.createList, { body });
    void message.success(t(list ? "console-prices.listSaved" : "console-prices.listCreated", { name: saved.name }));
    onSaved(saved);
  };

  const label = (field: string) => t(`console-prices.listFields.${field}`);
  const fixed = list !== null && (list.skus > 0 || list.merchants > 0 || list.scheduled > 0);
  return (
    <FormDialog
      open={open}
      title={list ? t("console-prices.editList", { name: list.name }) : t("console-prices.createList")}
      form={form}
      name="price-list"
      record={list}
      values={() => list && { name: list.name, currency: list.currency, description: list.description }}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item name="name" label={label("name")} required rules={[zodRule(shape.name, t)]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="currency"
        label={label("currency")}
        extra={t(fixed ? "console-prices.currencyFixed" : "console-prices.currencyHint")}
        required
        rules={[zodRule(shape.currency, t)]}
      >
        <Input autoComplete="off" maxLength={3} disabled={fixed} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="description" label={label("description")} rules={[zodRule(shape.description, t)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
