import { Col, Row, Space, Statistic, Table, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { LedgerEntry, ledgerSummary } from "#contracts";
import { useColumnChoice } from "../../components/column-chooser";
import { ExportButton } from "../../components/export-task/export-button";
import { ListCard, RefreshButton } from "../../components/list-page";
import { useListTable, useNavigationKey } from "../../components/use-list-table";
import { formatMoney } from "../../lib/format-decimal";
import { amountTone, type LedgerFilterValues, ledgerListFilters, ledgerListLocation } from "../../lib/funds";
import { ledgerColumns, ledgerCompactColumns } from "./ledger-columns";
import { LedgerFilters } from "./ledger-filters";

type Summary = z.infer<typeof ledgerSummary>;

/**
 * Funds Details: the merchant's ledger, newest first unless sorted, with the credits and debits of the filtered
 * range; its search, sort and page live in the address.
 */
export default function LedgerListPage() {
  return <LedgerList key={useNavigationKey()} />;
}

function LedgerList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery, filters, sorters, initialValues } = useListTable<
    LedgerEntry,
    LedgerFilterValues
  >({
    resource: "ledger",
    location: ledgerListLocation,
    rangeName: "time",
    onSearch: (values) => ledgerListFilters(values),
    loadFailed: "ledger.loadFailed",
  });
  const all = useMemo(() => ledgerColumns(t, sorters), [t, sorters]);
  const { columns, chooser } = useColumnChoice("ledger", all, ledgerCompactColumns);
  const summary = (tableQuery.data as { summary?: Summary } | undefined)?.summary;

  const actions = (
    <Space wrap>
      <RefreshButton query={tableQuery} />
      {chooser}
      <ExportButton resource="ledger" filters={filters} sorters={sorters} />
    </Space>
  );

  return (
    <ListCard title={t("ledger.title")} actions={actions}>
      <LedgerFilters formProps={{ ...searchFormProps, initialValues }} />
      {summary && (
        <Row gutter={32} align="bottom" style={{ marginBottom: 16 }} data-testid="ledger-summary">
          <Col>
            <Statistic
              title={t("ledger.summary.credits")}
              value={`${amountTone(summary.credits) === "credit" ? "+" : ""}${formatMoney(summary.credits)} ${summary.currency}`}
              valueStyle={{ color: "#3f8600" }}
            />
          </Col>
          <Col>
            <Statistic
              title={t("ledger.summary.debits")}
              value={`${formatMoney(summary.debits)} ${summary.currency}`}
              valueStyle={{ color: "#cf1322" }}
            />
          </Col>
          <Col>
            <Typography.Text type="secondary">{t("ledger.summary.hint")}</Typography.Text>
          </Col>
        </Row>
      )}
      <Table<LedgerEntry> {...tableProps} rowKey="fundNo" columns={columns} />
    </ListCard>
  );
}
