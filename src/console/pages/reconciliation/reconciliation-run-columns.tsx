import type { TableColumnsType } from "antd";
import { Button, Flex, Space, Tag, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ReconciliationRun } from "#contracts";
import { moneyText } from "../../shared/cost-text";
import { runStateColor, windowText } from "./reconciliation-common";

/** A run's state as a tag, its error (a failed run's) in a tooltip. */
export function RunStateTag({ run }: { run: Pick<ReconciliationRun, "state" | "error"> }) {
  const { t } = useTranslation();
  const tag = <Tag color={runStateColor[run.state]}>{t(`console-reconciliation.states.${run.state}`)}</Tag>;
  return run.error ? <Tooltip title={run.error}>{tag}</Tooltip> : tag;
}

/** An amount that should be zero, marked when it is not (the balance's unexplained movement). */
export function Unexplained({ amount }: { amount: ReconciliationRun["unexplained"] }) {
  if (amount === null) return "-";
  const zero = /^-?0(\.0*)?$/.test(amount.amount);
  return <Typography.Text type={zero ? undefined : "warning"}>{moneyText(amount)}</Typography.Text>;
}

/** Two amounts in a cell: the first as it is, the second named under it ("ours: 1.38 USD"). */
function TwoAmounts({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Flex vertical align="flex-end" gap={2}>
      <span>{first}</span>
      <Typography.Text type="secondary">{second}</Typography.Text>
    </Flex>
  );
}

/**
 * The runs' columns, newest first: the day(s) a run covers (opening its discrepancies) and how it went, the account,
 * what it matched of the supplier's transactions, its discrepancies and how many are still open, what the supplier
 * says it charged against what we recorded, and the balance's movement with what the charges do not explain.
 */
export function runColumns(t: TFunction, open: (run: ReconciliationRun) => void): TableColumnsType<ReconciliationRun> {
  const label = (field: string) => t(`console-reconciliation.fields.${field}`);
  return [
    {
      key: "window",
      title: label("window"),
      fixed: "left",
      render: (_, r) => (
        <Flex vertical align="flex-start" gap={2}>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(r)}>
            {windowText(t, r.windowStart, r.windowEnd)}
          </Button>
          <Space size={4}>
            <RunStateTag run={r} />
            <Typography.Text type="secondary">{t(`console-reconciliation.triggers.${r.trigger}`)}</Typography.Text>
          </Space>
        </Flex>
      ),
    },
    {
      key: "supplier",
      title: label("supplier"),
      render: (_, r) => (
        <>
          <div>{r.supplierName}</div>
          <Typography.Text type="secondary">{r.supplierCode}</Typography.Text>
        </>
      ),
    },
    {
      key: "matched",
      title: label("matchedOf"),
      align: "right",
      render: (_, r) => t("console-reconciliation.matchedOf", { matched: r.matched, total: r.supplierTransactions }),
    },
    {
      key: "discrepancies",
      title: label("discrepancies"),
      align: "right",
      render: (_, r) => (
        <Flex vertical align="flex-end" gap={2}>
          <span>{r.discrepancies}</span>
          {r.open > 0 ? (
            <Tag color="orange" style={{ marginInlineEnd: 0 }}>
              {t("console-reconciliation.openCount", { count: r.open })}
            </Tag>
          ) : (
            r.discrepancies > 0 && (
              <Typography.Text type="secondary">{t("console-reconciliation.allResolved")}</Typography.Text>
            )
          )}
        </Flex>
      ),
    },
    {
      key: "charged",
      title: label("chargedAndCost"),
      align: "right",
      render: (_, r) => (
        <TwoAmounts
          first={moneyText(r.supplierCharged)}
          second={t("console-reconciliation.ours", { amount: moneyText(r.ourCost) })}
        />
      ),
    },
    {
      key: "balance",
      title: label("movementAndUnexplained"),
      align: "right",
      render: (_, r) => (
        <TwoAmounts
          first={moneyText(r.balanceMovement)}
          second={
            <>
              {t("console-reconciliation.unexplainedIs")} <Unexplained amount={r.unexplained} />
            </>
          }
        />
      ),
    },
  ];
}
