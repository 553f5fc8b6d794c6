import { type HttpError, useCustom } from "@refinedev/core";
import { Descriptions, Drawer, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ReconciliationRun, reconciliationCalls } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { customCall } from "../../../providers/api-call";
import { moneyText } from "../../shared/cost-text";
import { DiscrepancyTable } from "./discrepancy-table";
import { windowText } from "./reconciliation-common";
import { RunStateTag, Unexplained } from "./reconciliation-run-columns";

/**
 * One run: what it covered and found (its counts, the supplier's charges against our recorded costs, the balance's
 * movement over the window and what the charges leave unexplained), and its discrepancies with both sides' amounts,
 * each resolved with a note. The run is read again after a resolution (its open count).
 */
export function ReconciliationRunDrawer({
  run: listed,
  mayResolve,
  onClose,
  onChanged,
}: {
  run: ReconciliationRun;
  mayResolve: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { query } = useCustom<ReconciliationRun, HttpError>({
    ...customCall(reconciliationCalls.run, { id: listed.id }),
    queryOptions: { retry: false },
  });
  const run = query.data?.data ?? listed;
  const label = (field: string) => t(`console-reconciliation.fields.${field}`);
  const item = (key: string, children: ReactNode) => ({ key, label: label(key), children });

  return (
    <Drawer
      open
      width={Math.min(1200, window.innerWidth)}
      title={t("console-reconciliation.runTitle", {
        supplier: run.supplierName,
        window: windowText(t, run.windowStart, run.windowEnd),
      })}
      onClose={onClose}
    >
      <Flex vertical gap={16}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            item("state", <RunStateTag run={run} />),
            item("trigger", t(`console-reconciliation.triggers.${run.trigger}`)),
            item("startTime", formatDateTime(run.startTime)),
            item("finishTime", formatDateTime(run.finishTime)),
            item("supplierTransactions", run.supplierTransactions),
            item("matched", run.matched),
            item("discrepancies", run.discrepancies),
            item("open", run.open),
            item("supplierCharged", moneyText(run.supplierCharged)),
            item("ourCost", moneyText(run.ourCost)),
            item("balanceStart", moneyText(run.balanceStart)),
            item("balanceEnd", moneyText(run.balanceEnd)),
            item("balanceMovement", moneyText(run.balanceMovement)),
            item("unexplained", <Unexplained amount={run.unexplained} />),
            ...(run.error
              ? [{ ...item("error", <Typography.Text type="danger">{run.error}</Typography.Text>), span: 4 }]
              : []),
          ]}
        />
        <Typography.Text type="secondary">{t("console-reconciliation.balanceHint")}</Typography.Text>
        <DiscrepancyTable
          runId={run.id}
          mayResolve={mayResolve}
          onResolved={() => {
            void query.refetch();
            onChanged();
          }}
        />
      </Flex>
    </Drawer>
  );
}
