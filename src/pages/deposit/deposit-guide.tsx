import { type HttpError, useCustom } from "@refinedev/core";
import { Alert, Descriptions, Flex, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { type CallAnswer, depositCalls, type ReceivingBankAccount } from "#contracts";
import { customCall } from "../../providers/api-call";

export type RechargeOptions = CallAnswer<typeof depositCalls.bankAccounts>;

/**
 * What the Recharge dialog reads once each time it opens: where to send the money (the reseller's accounts in the
 * merchant's currency) and the payment methods its form offers (none: the gateway is free text).
 */
export function useRechargeOptions(open: boolean) {
  return useCustom<RechargeOptions, HttpError>({
    ...customCall(depositCalls.bankAccounts),
    queryOptions: { enabled: open, retry: false },
  }).query;
}

/**
 * The top of the Recharge dialog: where to send the money (the reseller's accounts in the merchant's currency,
 * set up in the console's Payments) and what the three statuses of a recharge record mean.
 */
export function DepositGuide({ query }: { query: ReturnType<typeof useRechargeOptions> }) {
  const { t } = useTranslation();
  const accounts = query.data?.data;
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <section aria-labelledby="deposit-guide-send-to">
        <Typography.Title level={5} id="deposit-guide-send-to" style={{ marginTop: 0 }}>
          {t("deposit.recharge.sendTo")}
        </Typography.Title>
        {query.isLoading ? (
          <Spin size="small" />
        ) : query.isError || !accounts ? (
          <Alert type="error" showIcon message={t("deposit.recharge.accountsFailed")} />
        ) : accounts.list.length === 0 ? (
          <Alert type="warning" showIcon message={t("deposit.recharge.noAccount", { currency: accounts.currency })} />
        ) : (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              {t(accounts.list.length > 1 ? "deposit.recharge.sendToHintMany" : "deposit.recharge.sendToHint", {
                currency: accounts.currency,
              })}
            </Typography.Text>
            {accounts.list.map((account) => (
              <BankAccountCard key={account.id} account={account} />
            ))}
          </Flex>
        )}
      </section>
      <Alert
        type="info"
        showIcon
        message={t("deposit.recharge.statusesTitle")}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {(["pending", "success", "failed"] as const).map((status) => (
              <li key={status}>{t(`deposit.recharge.statuses.${status}`)}</li>
            ))}
          </ul>
        }
      />
    </Flex>
  );
}

function BankAccountCard({ account }: { account: ReceivingBankAccount }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`deposit.recharge.account.${field}`);
  return (
    <Descriptions size="small" bordered column={1}>
      <Descriptions.Item label={label("bankName")}>{account.bankName}</Descriptions.Item>
      <Descriptions.Item label={label("accountName")}>{account.accountName}</Descriptions.Item>
      <Descriptions.Item label={label("accountNumber")}>
        <Typography.Text
          strong
          copyable={{
            text: account.accountNumber,
            tooltips: [t("deposit.recharge.copy"), t("deposit.recharge.copied")],
          }}
        >
          {account.accountNumber}
        </Typography.Text>
      </Descriptions.Item>
      {account.swiftOrBranch && (
        <Descriptions.Item label={label("swiftOrBranch")}>{account.swiftOrBranch}</Descriptions.Item>
      )}
      {account.note && <Descriptions.Item label={label("note")}>{account.note}</Descriptions.Item>}
    </Descriptions>
  );
}
