import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import {
  type ConsoleMerchant,
  type ConsoleMerchantCreate,
  consoleMerchantCalls,
  consoleMerchantCreate,
} from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";

type Values = ConsoleMerchantCreate;
const shape = consoleMerchantCreate.shape;

/**
 * A merchant's details as the reseller keeps them: name, company, contact, low-balance threshold, its daily order
 * limits (risk rules, per UTC day; empty = none), and, when it is created, its balance currency (never changed
 * afterwards: the ledger is in it). `merchant` null creates one.
 */
export function MerchantForm({
  merchant,
  open,
  onClose,
  onSaved,
}: {
  merchant: ConsoleMerchant | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: ConsoleMerchant) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const creating = merchant === null;
  // The daily amount limit is in the merchant's balance currency: its own, or the one being typed for a new one.
  const typedCurrency = Form.useWatch("currency", form);
  const currency = merchant?.currency ?? typedCurrency;

  const values = () =>
    merchant && {
      merchantName: merchant.name,
      companyName: merchant.companyName,
      contactPerson: merchant.contactPerson,
      contactPhone: merchant.contactPhone,
      contactEmail: merchant.contactEmail,
      website: merchant.website,
      lowBalanceThreshold: merchant.lowBalanceThreshold,
      dailyAmountLimit: merchant.dailyAmountLimit,
      dailyCountLimit: merchant.dailyCountLimit,
    };

  const save = async (values: Values) => {
    // The update call leaves the currency out (the form does not show it then).
    const saved = merchant
      ? await consoleCall(consoleMerchantCalls.update, { params: { id: merchant.id }, body: values })
      : await consoleCall(consoleMerchantCalls.create, { body: values });
    void message.success(t(creating ? "console-merchants.created" : "console-merchants.saved", { name: saved.name }));
    onSaved(saved);
  };

  const label = (name: string) => t(`merchant-info.fields.${name}`);
  return (
    <FormDialog<Values>
      open={open}
      title={creating ? t("console-merchants.create") : t("console-merchants.edit", { name: merchant.name })}
      form={form}
      // The merchants page keeps a new merchant's form in the page beside an open merchant's: distinct ids.
      name={creating ? "console-merchant-new" : "console-merchant"}
      record={merchant}
      values={values}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item name="merchantName" label={label("merchantName")} required rules={[zodRule(shape.merchantName, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="companyName" label={label("companyName")} rules={[zodRule(shape.companyName, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      {creating && (
        <Form.Item
          name="currency"
          label={t("console-merchants.currency")}
          extra={t("console-merchants.currencyHint")}
          required
          rules={[zodRule(shape.currency, t)]}
        >
          <Input autoComplete="off" maxLength={3} style={{ width: 120 }} />
        </Form.Item>
      )}
      <Form.Item name="contactPerson" label={label("contactPerson")} rules={[zodRule(shape.contactPerson, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="contactPhone" label={label("contactPhone")} rules={[zodRule(shape.contactPhone, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="contactEmail" label={label("contactEmail")} rules={[zodRule(shape.contactEmail, t)]}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="website" label={label("website")} rules={[zodRule(shape.website, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="lowBalanceThreshold"
        label={t("api-settings.fields.lowBalanceThreshold")}
        rules={[zodRule(shape.lowBalanceThreshold, t)]}
      >
        <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="dailyAmountLimit"
        label={t("console-merchants.dailyAmountLimit")}
        extra={t("console-merchants.dailyAmountLimitHint")}
        rules={[zodRule(shape.dailyAmountLimit, t)]}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          allowClear
          style={{ width: 240 }}
          addonAfter={currency?.trim().toUpperCase() || undefined}
        />
      </Form.Item>
      <Form.Item
        name="dailyCountLimit"
        label={t("console-merchants.dailyCountLimit")}
        extra={t("console-merchants.dailyLimitHint")}
        rules={[zodRule(shape.dailyCountLimit, t)]}
      >
        <Input inputMode="numeric" autoComplete="off" allowClear style={{ width: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}
