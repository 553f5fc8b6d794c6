import { Form, Input, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { type BankAccountBody, bankAccountBody, type ConsoleBankAccount, paymentCalls } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";

type Values = Required<BankAccountBody>;
const shape = bankAccountBody.shape;

/**
 * A receiving bank account: where merchants whose balance is in its currency send the money for a recharge.
 * Accounts are never deleted, only disabled. Saving asks for the staff member's code again (step-up: it decides
 * where merchants send money). `account` null adds one.
 */
export function BankAccountForm({
  account,
  open,
  onClose,
  onSaved,
}: {
  account: ConsoleBankAccount | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: ConsoleBankAccount) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const creating = account === null;

  const values = () =>
    account && {
      bankName: account.bankName,
      accountName: account.accountName,
      accountNumber: account.accountNumber,
      swiftOrBranch: account.swiftOrBranch,
      currency: account.currency,
      note: account.note,
      enabled: account.enabled,
    };

  const save = async (body: Values) => {
    const saved = account
      ? await consoleCall(paymentCalls.updateBankAccount, { params: { id: account.id }, body })
      : await consoleCall(paymentCalls.createBankAccount, { body });
    void message.success(
      t(creating ? "console-payments.accounts.created" : "console-payments.accounts.saved", {
        number: saved.accountNumber,
      }),
    );
    onSaved(saved);
  };

  const label = (field: string) => t(`console-payments.accounts.fields.${field}`);
  const hint = (field: string) => t(`console-payments.accounts.hints.${field}`);
  return (
    <FormDialog<Values>
      open={open}
      title={
        creating
          ? t("console-payments.accounts.create")
          : t("console-payments.accounts.edit", { number: account.accountNumber })
      }
      width={640}
      form={form}
      name="console-bank-account"
      record={account}
      values={values}
      initialValues={{ enabled: true, swiftOrBranch: "", note: "" }}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item name="bankName" label={label("bankName")} required rules={[zodRule(shape.bankName, t)]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="accountName" label={label("accountName")} required rules={[zodRule(shape.accountName, t)]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="accountNumber" label={label("accountNumber")} required rules={[zodRule(shape.accountNumber, t)]}>
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="swiftOrBranch"
        label={label("swiftOrBranch")}
        extra={hint("swiftOrBranch")}
        rules={[zodRule(shape.swiftOrBranch, t)]}
      >
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="currency"
        label={label("currency")}
        extra={hint("currency")}
        required
        rules={[zodRule(shape.currency, t)]}
        normalize={(v: string | undefined) => v?.toUpperCase()}
      >
        <Input autoComplete="off" maxLength={3} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="note" label={label("note")} extra={hint("note")} rules={[zodRule(shape.note, t)]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="enabled" label={label("enabled")} valuePropName="checked" extra={hint("enabled")}>
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
