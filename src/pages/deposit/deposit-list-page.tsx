import { Button, Space, Table } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Deposit } from "#contracts";
import { useColumnChoice } from "../../components/column-chooser";
import { ListCard, RefreshButton } from "../../components/list-page";
import { useListTable, useNavigationKey } from "../../components/use-list-table";
import { type DepositFilterValues, depositListFilters, depositListLocation } from "../../lib/funds";
import { useMay } from "../../providers/use-may";
import { depositColumns, depositCompactColumns } from "./deposit-columns";
import { DepositFilters } from "./deposit-filters";
import { RechargeModal } from "./recharge-modal";

/**
 * Recharge History: the merchant's deposit records (search, sort and page in the address); admin and finance
 * submit new ones from here.
 */
export default function DepositListPage() {
  return <DepositList key={useNavigationKey()} />;
}

function DepositList() {
  const { t } = useTranslation();
  const [recharging, setRecharging] = useState(false);
  const { tableProps, searchFormProps, tableQuery, sorters, initialValues } = useListTable<
    Deposit,
    DepositFilterValues
  >({
    resource: "deposit",
    location: depositListLocation,
    rangeName: "time",
    onSearch: (values) => depositListFilters(values),
    loadFailed: "deposit.loadFailed",
  });
  const mayCreate = useMay("deposit", "create");
  const all = useMemo(() => depositColumns(t, sorters), [t, sorters]);
  const { columns, chooser } = useColumnChoice("deposit", all, depositCompactColumns);

  const actions = (
    <Space wrap>
      <RefreshButton query={tableQuery} />
      {chooser}
      {mayCreate && (
        <Button type="primary" onClick={() => setRecharging(true)}>
          {t("deposit.actions.recharge")}
        </Button>
      )}
    </Space>
  );

  return (
    <ListCard title={t("deposit.title")} actions={actions}>
      <DepositFilters formProps={{ ...searchFormProps, initialValues }} />
      <Table<Deposit> {...tableProps} rowKey="id" columns={columns} />
      {mayCreate && <RechargeModal open={recharging} onClose={() => setRecharging(false)} />}
    </ListCard>
  );
}
