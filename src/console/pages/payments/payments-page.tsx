import { useCan } from "@refinedev/core";
import { Button, Tabs, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { type ConsoleBankAccount, paymentCalls } from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { ListCard } from "../../../components/list-page";
import { formatDateTime } from "../../../lib/date-format";
import { WrappedText } from "../../shared/wrapped-text";
import { useWholeList, WholeListTable, WholeListToolbar } from "../../whole-list";
import { BankAccountForm } from "./bank-account-form";
import { PaymentGateways } from "./payment-gateways";

/**
 * Payments (issue 16): where merchants send the money for a recharge. The receiving bank accounts (a merchant's
 * Recharge dialog shows the enabled ones in its balance currency) and the payment methods its form offers. Reading
 * needs payments:list; adding, payments:create; changing, payments:edit.
 */
export default function PaymentsPage() {
  const { t } = useTranslation();
  const mayCreate = useCan({ resource: "payments", action: "create" }).data?.can === true;
  const mayEdit = useCan({ resource: "payments", action: "edit" }).data?.can === true;
  return (
    <ListCard title={t("console-payments.title")}>
      <Typography.Paragraph type="secondary">{t("console-payments.intro")}</Typography.Paragraph>
      <Tabs
        items={[
          {
            key: "accounts",
            label: t("console-payments.tabs.accounts"),
            children: <BankAccounts mayCreate={mayCreate} mayEdit={mayEdit} />,
          },
          {
            key: "gateways",
            label: t("console-payments.tabs.gateways"),
            children: <PaymentGateways mayCreate={mayCreate} mayEdit={mayEdit} />,
          },
        ]}
      />
    </ListCard>
  );
}

/** Every receiving bank account, enabled or not, oldest first: a short list, read whole. */
function BankAccounts({ mayCreate, mayEdit }: { mayCreate: boolean; mayEdit: boolean }) {
  const { t } = useTranslation();
  const { query, editing, setEditing, saved } = useWholeList<ConsoleBankAccount>(paymentCalls.bankAccounts, {
    loadFailed: "console-payments.accounts.loadFailed",
  });

  const label = (field: string) => t(`console-payments.accounts.fields.${field}`);
  // The note (shown to merchants) and the creation date are for a closer look: a laptop leaves them to the chooser.
  const { columns, chooser } = useColumnChoice<ConsoleBankAccount>(
    "console-bank-accounts",
    [
      { key: "bankName", title: label("bankName"), dataIndex: "bankName" },
      { key: "accountName", title: label("accountName"), dataIndex: "accountName" },
      { key: "accountNumber", title: label("accountNumber"), dataIndex: "accountNumber" },
      { key: "swiftOrBranch", title: label("swiftOrBranch"), render: (_, a) => a.swiftOrBranch || "-" },
      { key: "currency", title: label("currency"), dataIndex: "currency" },
      { key: "note", title: label("note"), render: (_, a) => <WrappedText width={220}>{a.note || "-"}</WrappedText> },
      {
        key: "enabled",
        title: label("enabled"),
        render: (_, a) => <Tag color={a.enabled ? "green" : "red"}>{t(`enums.enabled.${a.enabled}`)}</Tag>,
      },
      { key: "createTime", title: label("createTime"), render: (_, a) => formatDateTime(a.createTime) },
      {
        key: "actions",
        title: t("console.fields.actions"),
        fixed: "right",
        render: (_, a) =>
          mayEdit && (
            <Button type="link" size="small" onClick={() => setEditing(a)}>
              {t("common.edit")}
            </Button>
          ),
      },
    ],
    ["bankName", "accountNumber", "actions"],
    ["bankName", "accountName", "accountNumber", "swiftOrBranch", "currency", "enabled", "actions"],
  );
  return (
    <>
      <WholeListToolbar
        query={query}
        createLabel={t("console-payments.accounts.create")}
        onCreate={mayCreate ? () => setEditing("new") : undefined}
        chooser={chooser}
      />
      <WholeListTable<ConsoleBankAccount> query={query} columns={columns} />
      <BankAccountForm
        account={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
    </>
  );
}
