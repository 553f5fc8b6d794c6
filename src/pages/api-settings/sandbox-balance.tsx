import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Button, Card, Popconfirm, Space, Statistic, Table } from "antd";
import { useTranslation } from "react-i18next";
import { SANDBOX_SIMULATOR_RULES, type SandboxBalance, sandboxCalls } from "#contracts";
import { message } from "../../lib/toast";
import { customCall } from "../../providers/api-call";

/**
 * The sandbox's play balance, a reset to the starting amount, and the simulator's rules: which recharge
 * accounts make an order succeed, fail or hang, so every outcome can be tried on purpose.
 */
export function SandboxBalanceCard() {
  const { t } = useTranslation();
  const { query } = useCustom<SandboxBalance>({
    ...customCall(sandboxCalls.balance),
    queryOptions: { retry: false },
  });
  const { mutate, mutation } = useCustomMutation<SandboxBalance>();
  // The reset answers the new balance: shown until the balance is read again after it.
  const balance = mutation.data && mutation.submittedAt > query.dataUpdatedAt ? mutation.data.data : query.data?.data;
  const reset = () =>
    mutate(
      { ...customCall(sandboxCalls.resetBalance), values: {} },
      { onSuccess: () => void message.success(t("api-settings.sandbox.resetDone")) },
    );
  const label = (key: string) => t(`api-settings.sandbox.${key}`);
  return (
    <Card title={label("balanceTitle")}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        {query.isError && <Alert type="error" showIcon message={query.error.message} />}
        <Space size="large" wrap align="end">
          <Statistic
            title={label("balance")}
            value={balance?.balance ?? "-"}
            suffix={balance?.currency}
            loading={query.isLoading}
          />
          <Popconfirm
            title={label("resetTitle")}
            description={t("api-settings.sandbox.resetText", { amount: balance?.resetTo, currency: balance?.currency })}
            okText={label("reset")}
            cancelText={t("common.cancel")}
            onConfirm={reset}
          >
            <Button loading={mutation.isPending} disabled={!balance}>
              {label("reset")}
            </Button>
          </Popconfirm>
        </Space>
        <Table
          rowKey="outcome"
          size="small"
          pagination={false}
          dataSource={SANDBOX_SIMULATOR_RULES}
          columns={[
            {
              title: label("rules.account"),
              dataIndex: "suffix",
              render: (suffix: string | null) =>
                suffix ? t("api-settings.sandbox.rules.endsWith", { suffix }) : label("rules.other"),
            },
            { title: label("rules.outcome"), dataIndex: "outcome", render: (o: string) => label(`outcomes.${o}`) },
          ]}
        />
      </Space>
    </Card>
  );
}
