import { useTable } from "@refinedev/antd";
import { type HttpError, useCan } from "@refinedev/core";
import { Button, Card, Space, Table } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Deposit } from "#contracts";
import { listPagination, RefreshButton, useLoadFailure } from "../../components/list-page";
import { PageTitle } from "../../components/page-title";
import { type DepositFilterValues, depositListFilters } from "../../lib/funds";
import { depositColumns } from "./deposit-columns";
import { DepositFilters } from "./deposit-filters";
import { RechargeModal } from "./recharge-modal";

/** Recharge History: the merchant's deposit records; admin and finance submit new ones from here. */
export default function DepositListPage() {
  const { t } = useTranslation();
  const [recharging, setRecharging] = useState(false);
  const { tableProps, searchFormProps, tableQuery } = useTable<Deposit, HttpError, DepositFilterValues>({
    resource: "deposit",
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { defaultBehavior: "replace" },
    onSearch: (values) => depositListFilters(values),
    // Each failure is already reported by the http client and once here; retrying would repeat both.
    queryOptions: { retry: false },
  });
  const { data: createAccess } = useCan({ resource: "deposit", action: "create" });
  const columns = useMemo(() => depositColumns(t), [t]);

  useLoadFailure(tableQuery.error, "deposit.loadFailed");

  const actions = (
    <Space wrap>
      <RefreshButton query={tableQuery} />
      {createAccess?.can && (
        <Button type="primary" onClick={() => setRecharging(true)}>
          {t("deposit.actions.recharge")}
        </Button>
      )}
    </Space>
  );

  return (
    <Card title={<PageTitle>{t("deposit.title")}</PageTitle>} extra={actions}>
      <DepositFilters formProps={searchFormProps} />
      <Table<Deposit>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={listPagination(tableProps.pagination, t, Boolean(tableQuery.data?.totalCapped))}
      />
      {createAccess?.can && <RechargeModal open={recharging} onClose={() => setRecharging(false)} />}
    </Card>
  );
}
