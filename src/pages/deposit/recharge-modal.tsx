import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { AutoComplete, type AutoCompleteProps, DatePicker, Form, Input, Select, type SelectProps } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type Deposit, depositCalls, newDeposit } from "#contracts";
import { FormDialog } from "../../components/form-dialog";
import { useCurrentBalance } from "../../components/shell/balance";
import { DATE_TIME_FORMAT } from "../../lib/date-format";
import { COMMON_CURRENCIES, type DepositFormValues, toNewDeposit } from "../../lib/funds";
import { message } from "../../lib/toast";
import { zodRule } from "../../lib/zod-rule";
import { customCall } from "../../providers/api-call";
import { DepositGuide, useRechargeOptions } from "./deposit-guide";
import { ProofUpload } from "./proof-upload";

const shape = newDeposit.shape;
const textFields = ["companyName", "bankAccount"] as const;
/** Prefixes the field ids: the search form beside the dialog has a `referenceNo` too, and labels find by id. */
const FORM_NAME = "recharge";
const currencyOptions = COMMON_CURRENCIES.map((c) => ({ value: c }));

/**
 * The recharge form (spec §5: everything but the remarks is required); a new record is Pending. Once the reseller
 * has set up payment methods, the gateway is one of them; until then it is free text.
 */
export function RechargeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DepositFormValues>();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<Deposit>();
  // Money is usually sent in the balance's own currency (the shell has read it already): the form starts there.
  const currency = useCurrentBalance()?.currency ?? "USD";
  // One read for the guide (where to send the money) and the form (the payment methods offered).
  const options = useRechargeOptions(open);
  const gateways = options.data?.data.gateways ?? [];

  // The picker holds a dayjs; the contract checks the ISO date-time it becomes.
  const timeRule = {
    validator: (rule: unknown, value: unknown) =>
      zodRule(shape.transactionTime, t).validator(
        rule,
        toNewDeposit({ transactionTime: value as Dayjs | null }).transactionTime,
      ),
  };

  // The server names the field of a failure (a reference number used before, too): FormDialog paints it there.
  const onSubmit = async (values: DepositFormValues) => {
    await mutateAsync({ ...customCall(depositCalls.create), values: toNewDeposit(values) });
    void message.success(t("common.saveSuccess"));
    void invalidate({ resource: "deposit", invalidates: ["list"] });
    onClose();
  };

  const label = (field: string) => t(`deposit.fields.${field}`);
  return (
    <FormDialog<DepositFormValues>
      open={open}
      title={t("deposit.recharge.title")}
      width={640}
      form={form}
      name={FORM_NAME}
      initialValues={{ currency }}
      okText={t("common.submit")}
      onSubmit={onSubmit}
      onClose={onClose}
      above={<DepositGuide query={options} />}
    >
      <Form.Item name="amount" label={label("amount")} required rules={[zodRule(shape.amount, t)]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="currency"
        label={label("currency")}
        required
        rules={[zodRule(shape.currency, t)]}
        normalize={(v: string | undefined) => v?.toUpperCase()}
      >
        <CurrencyField placeholder={t("deposit.recharge.currencyPlaceholder")} />
      </Form.Item>
      <Form.Item name="referenceNo" label={label("referenceNo")} required rules={[zodRule(shape.referenceNo, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="paymentGateway"
        label={label("paymentGateway")}
        required
        rules={[zodRule(shape.paymentGateway, t)]}
      >
        {gateways.length > 0 ? (
          <GatewayField
            placeholder={t("deposit.recharge.gatewayPlaceholder")}
            options={gateways.map((g) => ({ value: g, label: g }))}
          />
        ) : (
          <Input autoComplete="off" />
        )}
      </Form.Item>
      <Form.Item name="transactionTime" label={label("transactionTime")} required rules={[timeRule]}>
        <DatePicker showTime format={DATE_TIME_FORMAT} />
      </Form.Item>
      <Form.Item name="proofFileId" label={label("proof")} required rules={[zodRule(shape.proofFileId, t)]}>
        <ProofUpload />
      </Form.Item>
      {textFields.map((field) => (
        <Form.Item key={field} name={field} label={label(field)} required rules={[zodRule(shape[field], t)]}>
          <Input autoComplete="off" />
        </Form.Item>
      ))}
      <Form.Item name="remarks" label={label("remarks")} rules={[zodRule(shape.remarks, t)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * The currency: a common code offered as the user types, any other code accepted. Form.Item marks its control
 * aria-required, which AutoComplete would put on its outer div (axe: not allowed there): it goes to the input.
 */
function CurrencyField({ "aria-required": required, ...props }: AutoCompleteProps & { "aria-required"?: boolean }) {
  return (
    <AutoComplete
      {...props}
      options={currencyOptions}
      filterOption={(input, option) => !!option?.value.startsWith(input.trim().toUpperCase())}
    >
      <Input aria-required={required} />
    </AutoComplete>
  );
}

/**
 * A payment method the reseller offers. Form.Item marks its control aria-required, which Select would put on its
 * outer div too (axe: not allowed there): it goes to the select's combobox input alone.
 */
function GatewayField({ "aria-required": required, ...props }: SelectProps & { "aria-required"?: boolean }) {
  useEffect(() => {
    const input = props.id ? document.getElementById(props.id) : null;
    if (required) input?.setAttribute("aria-required", "true");
    else input?.removeAttribute("aria-required");
  }, [props.id, required]);
  return <Select {...props} />;
}
