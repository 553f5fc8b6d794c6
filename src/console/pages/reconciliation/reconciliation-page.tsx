import { type CrudFilter, useCan, useCustom } from "@refinedev/core";
import { Button, Checkbox, Form, Select, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ReconcilableSupplier,
  type ReconciliationRun,
  reconciliationCalls,
  reconciliationRunQuery,
} from "#contracts";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { customCall } from "../../../providers/api-call";
import { runColumns } from "./reconciliation-run-columns";
import { ReconciliationRunDrawer } from "./reconciliation-run-drawer";
import { StartReconciliationDialog } from "./reconciliation-start-dialog";

interface Search {
  supplierId?: number;
  open?: boolean;
}
const searchFilters = ({ supplierId, open }: Search): CrudFilter[] => [
  { field: "supplierId", operator: "eq", value: supplierId },
  { field: "open", operator: "eq", value: open ? "true" : undefined },
];

/**
 * Reconciliation with the suppliers (issue 19): per supplier account and day, a run matches the supplier's own
 * transaction report to our attempts (daily on schedule, or started here for an account and days). The runs,
 * newest first, with their counts and amounts; a run opens on its discrepancies, each resolved by a staff member
 * with a note (audited). Reading needs reconciliation:list, starting a run :create, resolving :edit.
 */
export default function ReconciliationPage() {
  return <ReconciliationList key={useNavigationKey()} />;
}

function ReconciliationList() {
  const { t } = useTranslation();
  const mayStart = useCan({ resource: "reconciliation", action: "create" }).data?.can === true;
  const mayResolve = useCan({ resource: "reconciliation", action: "edit" }).data?.can === true;
  const [starting, setStarting] = useState(false);
  const [opened, setOpened] = useState<ReconciliationRun | null>(null);
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<ReconciliationRun, Search>({
    resource: "reconciliation",
    location: { query: reconciliationRunQuery, sortable: [] },
    onSearch: searchFilters,
    formValues: ({ supplierId, open }) => ({
      supplierId: supplierId === undefined ? undefined : Number(supplierId),
      open: open === "true",
    }),
    loadFailed: "console-reconciliation.loadFailed",
  });
  const { query: suppliersQuery } = useCustom<ReconcilableSupplier[]>({
    ...customCall(reconciliationCalls.suppliers),
    queryOptions: { retry: false },
  });
  const suppliers = suppliersQuery.data?.data ?? [];
  const supplierOptions = suppliers.map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));

  return (
    <ListCard
      title={t("console-reconciliation.title")}
      actions={
        <Space>
          {mayStart && (
            <Button type="primary" onClick={() => setStarting(true)}>
              {t("console-reconciliation.start")}
            </Button>
          )}
          <RefreshButton query={tableQuery} />
        </Space>
      }
    >
      <Form {...searchFormProps} initialValues={initialValues} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="supplierId" label={t("console-reconciliation.fields.supplier")}>
          <Select
            allowClear
            style={{ width: 240 }}
            placeholder={t("common.filters.any")}
            options={supplierOptions}
            loading={suppliersQuery.isLoading}
          />
        </Form.Item>
        <Form.Item name="open" valuePropName="checked">
          <Checkbox>{t("console-reconciliation.openOnly")}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Form>
      <Table<ReconciliationRun> {...tableProps} rowKey="id" columns={runColumns(t, setOpened)} />
      {mayStart && (
        <StartReconciliationDialog
          open={starting}
          suppliers={supplierOptions}
          onClose={() => setStarting(false)}
          onStarted={(run) => {
            setStarting(false);
            void tableQuery.refetch();
            setOpened(run);
          }}
        />
      )}
      {opened && (
        <ReconciliationRunDrawer
          run={opened}
          mayResolve={mayResolve}
          onClose={() => setOpened(null)}
          onChanged={() => void tableQuery.refetch()}
        />
      )}
    </ListCard>
  );
}
