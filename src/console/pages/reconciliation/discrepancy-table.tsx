import { Button, Empty, Flex, Select, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Discrepancy, type DiscrepancyKind, discrepancyKinds, reconciliationCalls } from "#contracts";
import { RefreshButton, tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { formatDateTime } from "../../../lib/date-format";
import { moneyText } from "../../shared/cost-text";
import { DiscrepancyResolveDialog } from "./discrepancy-resolve-dialog";

type Shown = "all" | "open" | "resolved";
interface Search {
  kind?: DiscrepancyKind;
  open?: "true" | "false";
}
const openOf: Record<Shown, Search["open"]> = { all: undefined, open: "true", resolved: "false" };

/** One side of a discrepancy in a cell: its state, its amount, and (the supplier's) when. */
function Side({ state, amount, time }: { state: string | null; amount: Discrepancy["ours"]["cost"]; time?: string }) {
  return (
    <Flex vertical gap={2}>
      <span>{state ?? "-"}</span>
      <span>{moneyText(amount)}</span>
      {time && <Typography.Text type="secondary">{time}</Typography.Text>}
    </Flex>
  );
}

/**
 * A run's discrepancies in the order found: what kind, which reference and order, the supplier's side (its state,
 * what it charged, when) against ours (the attempt's state, our recorded cost, the order's status), and its
 * resolution (who, when, the note) or, with reconciliation:edit, a Resolve button.
 */
export function DiscrepancyTable({
  runId,
  mayResolve,
  onResolved,
}: {
  runId: number;
  mayResolve: boolean;
  onResolved: () => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>("all");
  const [kind, setKind] = useState<DiscrepancyKind | undefined>();
  const [resolving, setResolving] = useState<Discrepancy | null>(null);
  const paged = usePagedCall<Discrepancy, Search>(reconciliationCalls.discrepancies, {
    params: { id: runId },
    loadFailed: "console-reconciliation.discrepanciesLoadFailed",
  });
  const filter = (next: { shown?: Shown; kind?: DiscrepancyKind | null }) => {
    const nextShown = next.shown ?? shown;
    const nextKind = next.kind === undefined ? kind : (next.kind ?? undefined);
    setShown(nextShown);
    setKind(nextKind);
    paged.searchFor({ kind: nextKind, open: openOf[nextShown] });
  };
  const label = (field: string) => t(`console-reconciliation.discrepancyFields.${field}`);
  const state = (group: string, value: string | null) => (value === null ? null : t(`${group}.${value}`));

  return (
    <>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0, marginInlineEnd: "auto" }}>
          {t("console-reconciliation.discrepanciesTitle")}
        </Typography.Title>
        <Select<Shown>
          aria-label={t("console-reconciliation.shown")}
          value={shown}
          onChange={(v) => filter({ shown: v })}
          style={{ width: 180 }}
          options={(["all", "open", "resolved"] as const).map((v) => ({
            value: v,
            label: t(`console-reconciliation.shownOptions.${v}`),
          }))}
        />
        <Select<DiscrepancyKind>
          aria-label={t("console-reconciliation.discrepancyFields.kind")}
          allowClear
          value={kind}
          onChange={(v) => filter({ kind: v ?? null })}
          style={{ width: 280 }}
          placeholder={t("console-reconciliation.anyKind")}
          options={discrepancyKinds.map((k) => ({ value: k, label: t(`console-reconciliation.kinds.${k}`) }))}
        />
        <RefreshButton query={paged.query} />
      </Flex>
      <Table<Discrepancy>
        {...paged.tableProps}
        rowKey="id"
        size="small"
        loading={tableLoading(paged.query)}
        // antd's own empty state: a bare text there is drawn in a colour too faint to read (axe: color-contrast).
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("console-reconciliation.noDiscrepancies")} />
          ),
        }}
        columns={[
          {
            key: "kind",
            title: label("kind"),
            render: (_, d) => (
              <Tooltip title={t(`console-reconciliation.kindHints.${d.kind}`)}>
                <Tag color={d.resolution ? "default" : "orange"}>{t(`console-reconciliation.kinds.${d.kind}`)}</Tag>
              </Tooltip>
            ),
          },
          {
            key: "reference",
            title: label("reference"),
            render: (_, d) => (
              <>
                <div>{d.reference || "-"}</div>
                {d.transactionId && <Typography.Text type="secondary">{d.transactionId}</Typography.Text>}
              </>
            ),
          },
          { key: "orderNo", title: label("orderNo"), render: (_, d) => d.orderNo ?? "-" },
          {
            key: "supplier",
            title: label("supplier"),
            render: (_, d) => (
              <Side
                state={state("console-reconciliation.supplierStates", d.supplier.state)}
                amount={d.supplier.charged}
                time={d.supplier.time ? formatDateTime(d.supplier.time) : undefined}
              />
            ),
          },
          {
            key: "ours",
            title: label("ours"),
            render: (_, d) => (
              <Side
                state={[
                  state("console-orders.attempts.states", d.ours.state),
                  state("enums.orderStatus", d.ours.orderStatus),
                ]
                  .filter(Boolean)
                  .join(" · ")}
                amount={d.ours.cost}
              />
            ),
          },
          {
            key: "resolution",
            title: label("resolution"),
            render: (_, d) =>
              d.resolution ? (
                <Flex vertical gap={2} style={{ maxWidth: 320 }}>
                  <span>{d.resolution.note}</span>
                  <Typography.Text type="secondary">
                    {t("console-reconciliation.resolvedBy", {
                      by: d.resolution.by,
                      time: formatDateTime(d.resolution.time),
                    })}
                  </Typography.Text>
                </Flex>
              ) : mayResolve ? (
                <Button size="small" onClick={() => setResolving(d)}>
                  {t("console-reconciliation.resolve")}
                </Button>
              ) : (
                <Tag color="orange">{t("console-reconciliation.unresolved")}</Tag>
              ),
          },
        ]}
      />
      {mayResolve && (
        <DiscrepancyResolveDialog
          discrepancy={resolving}
          onClose={() => setResolving(null)}
          onResolved={() => {
            setResolving(null);
            void paged.query.refetch();
            onResolved();
          }}
        />
      )}
    </>
  );
}
