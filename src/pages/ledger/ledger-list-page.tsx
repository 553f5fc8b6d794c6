import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Card, Col, Row, Space, Statistic, Table, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { LedgerEntry, ledgerSummary } from "#contracts";
import { ExportButton } from "../../components/export-task/export-button";
import { listPagination, RefreshButton, useLoadFailure } from "../../components/list-page";
import { PageTitle } from "../../components/page-title";
import { formatMoney } from "../../lib/format-decimal";
import { amountTone, type LedgerFilterValues, ledgerListFilters } from "../../lib/funds";
import { ledgerColumns } from "./ledger-columns";
import { LedgerFilters } from "./ledger-filters";

type Summary = z.infer<typeof ledgerSummary>;

/** Funds Details: the merchant's ledger, newest first, with the credits and debits of the filtered range. */
export default function LedgerListPage() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery, filters, sorters } = useTable<
    LedgerEntry,
    HttpError,
    LedgerFilterValues
  >({
    resource: "ledger",
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { defaultBehavior: "replace" },
    onSearch: (values) => ledgerListFilters(values),
    // Each failure is already reported by the http client and once here; retrying would repeat both.
    queryOptions: { retry: false },
  });
  const columns = useMemo(() => ledgerColumns(t), [t]);
  const summary = (tableQuery.data as { summary?: Summary } | undefined)?.summary;

  useLoadFailure(tableQuery.error, "ledger.loadFailed");

  const actions = (
    <Space wrap>
      <RefreshButton query={tableQuery} />
      <ExportButton resource="ledger" filters={filters} sorters={sorters} />
    </Space>
  );

  return (
    <Card title={<PageTitle>{t("ledger.title")}</PageTitle>} extra={actions}>
      <LedgerFilters formProps={searchFormProps} />
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
      <Table<LedgerEntry>
        {...tableProps}
        rowKey="fundNo"
        size="middle"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={listPagination(tableProps.pagination, t, Boolean(tableQuery.data?.totalCapped))}
      />
    </Card>
  );
}
