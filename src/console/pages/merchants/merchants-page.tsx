import { type CrudFilter, useCan, useInvalidate } from "@refinedev/core";
import { Button, Space, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleMerchant, consoleMerchantQuery, merchantStates } from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { EnumFilter, FilterForm, TextFilter } from "../../../components/list-filters";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { WrappedText } from "../../shared/wrapped-text";
import { MerchantDetail } from "./merchant-detail";
import { MerchantForm } from "./merchant-form";

interface Search {
  keyword?: string;
  status?: (typeof merchantStates)[number];
}

const searchFilters = ({ keyword, status }: Search): CrudFilter[] => [
  { field: "keyword", operator: "eq", value: keyword?.trim() },
  { field: "status", operator: "eq", value: status },
];

/** Every merchant, searched by number or name; a new one; each opened to run it (details, users, API). */
export default function MerchantsPage() {
  return <MerchantList key={useNavigationKey()} />;
}

function MerchantList() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<ConsoleMerchant | null>(null);
  const mayCreate = useCan({ resource: "merchants", action: "create" }).data?.can === true;
  const invalidate = useInvalidate();
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<ConsoleMerchant, Search>({
    resource: "merchants",
    location: { query: consoleMerchantQuery, sortable: [] },
    onSearch: searchFilters,
    loadFailed: "console-merchants.loadFailed",
  });
  const reload = () => void invalidate({ resource: "merchants", invalidates: ["list"] });
  const field = (name: string) => t(`merchant-info.fields.${name}`);
  const all: TableColumnsType<ConsoleMerchant> = [
    { key: "merchantNo", title: field("merchantNo"), dataIndex: "merchantNo" },
    { key: "name", title: field("merchantName"), render: (_, m) => <WrappedText width={200}>{m.name}</WrappedText> },
    {
      key: "companyName",
      title: field("companyName"),
      render: (_, m) => <WrappedText width={200}>{m.companyName || "-"}</WrappedText>,
    },
    {
      key: "balance",
      title: field("balance"),
      align: "right",
      render: (_, m) => `${formatMoney(m.balance)} ${m.currency}`,
    },
    {
      key: "priceList",
      title: t("console-prices.merchantList"),
      render: (_, m) => <WrappedText width={160}>{m.priceListName ?? "-"}</WrappedText>,
    },
    {
      key: "status",
      title: field("status"),
      render: (_, m) => (
        <Tag color={m.status === "enabled" ? "green" : "red"}>{t(`enums.merchantStatus.${m.status}`)}</Tag>
      ),
    },
    { key: "users", title: t("console-merchants.users"), align: "right", dataIndex: "users" },
    { key: "createTime", title: t("member.fields.createTime"), render: (_, m) => formatDateTime(m.createTime) },
    {
      key: "actions",
      title: t("console.fields.actions"),
      fixed: "right",
      render: (_, m) => (
        <Button size="small" onClick={() => setOpen(m)}>
          {t("console-merchants.open")}
        </Button>
      ),
    },
  ];
  // The company and the creation date are in the merchant's drawer; a laptop shows the rest.
  const { columns, chooser } = useColumnChoice(
    "console-merchants",
    all,
    ["name", "balance", "actions"],
    ["merchantNo", "name", "balance", "priceList", "status", "users", "actions"],
  );

  return (
    <ListCard
      title={t("console-merchants.title")}
      actions={
        <Space wrap>
          {mayCreate && (
            <Button type="primary" onClick={() => setCreating(true)}>
              {t("console-merchants.create")}
            </Button>
          )}
          <RefreshButton query={tableQuery} />
          {chooser}
        </Space>
      }
    >
      <FilterForm formProps={{ ...searchFormProps, initialValues }} labelWidth="8em">
        <TextFilter name="keyword" label={t("console-merchants.keyword")} schema={consoleMerchantQuery.shape.keyword} />
        <EnumFilter name="status" label={field("status")} values={merchantStates} enumKey="merchantStatus" />
      </FilterForm>
      <Table<ConsoleMerchant> {...tableProps} rowKey="id" columns={columns} />
      <MerchantForm
        merchant={null}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          reload();
          // A new merchant has no users yet: open it, where its first admin is created.
          setOpen(saved);
        }}
      />
      {open && (
        <MerchantDetail
          merchant={open}
          onClose={() => setOpen(null)}
          onChanged={(saved) => {
            setOpen(saved);
            reload();
          }}
        />
      )}
    </ListCard>
  );
}
