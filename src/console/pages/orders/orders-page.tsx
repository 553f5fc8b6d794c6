import { Button, Col, Form, Select, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleOrder, consoleOrderQuery, stuckAfterMinutes } from "#contracts";
import { useCompactList } from "../../../components/column-chooser";
import { TextFilter } from "../../../components/list-filters";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { SecondaryText } from "../../../components/plain-text";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { type OrderFilterValues, orderListFilters } from "../../../lib/order-list";
import { orderColumns } from "../../../pages/order/order-columns";
import { OrderFilters } from "../../../pages/order/order-filters";
import { ConsoleOrderDrawer } from "./order-drawer";
import { stuckOrderColumns } from "./order-stuck-columns";

type Search = OrderFilterValues & {
  merchantNo?: string;
  shortDelivery?: "true" | "false";
  processingOver?: (typeof stuckAfterMinutes)[number];
};

const searchFilters = (values: Search) => {
  const merchantNo = values.merchantNo?.trim();
  return [
    ...orderListFilters(values),
    ...(merchantNo ? [{ field: "merchantNo", operator: "eq" as const, value: merchantNo }] : []),
    ...(values.shortDelivery ? [{ field: "shortDelivery", operator: "eq" as const, value: values.shortDelivery }] : []),
    ...(values.processingOver
      ? [{ field: "processingOver", operator: "eq" as const, value: values.processingOver }]
      : []),
  ];
};

/**
 * Every merchant's orders (issue 15), searched as the merchant portal searches its own plus by merchant and by
 * whether a supplier delivered short (issue 19), newest first; each opens in a drawer with its timeline and
 * customer service's actions on a stuck order.
 */
export default function OrdersPage() {
  return <OrderList key={useNavigationKey()} />;
}

function OrderList() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const compact = useCompactList();
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<ConsoleOrder, Search>({
    resource: "orders",
    location: { query: consoleOrderQuery, sortable: [] },
    onSearch: searchFilters,
    rangeName: "createTime",
    loadFailed: "order.loadFailed",
  });
  // A short delivery is tagged beside the order's number (its drawer says which supplier and how short).
  const opener = (o: ConsoleOrder) => (
    <Space size={4}>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(o.orderNo)}>
        {o.orderNo}
      </Button>
      {o.shortDelivery && <Tag color="red">{t("console-orders.shortDelivery")}</Tag>}
    </Space>
  );
  const merchantColumns = orderColumns(t, [], { open: (o) => opener(o as ConsoleOrder), sortable: false });
  const byKey = (key: string) => merchantColumns.filter((c) => c.key === key) as ColumnsType<ConsoleOrder>;
  const merchantColumn: ColumnsType<ConsoleOrder>[number] = {
    key: "merchant",
    title: t("console.fields.merchant"),
    // The number under the name: on one line the two pushed the amount past a 1280 px screen.
    render: (_, o) => (
      <>
        {o.merchantName}
        <SecondaryText style={{ display: "block" }}>{o.merchantNo}</SecondaryText>
      </>
    ),
  };
  // What finds a stuck order first: status, how long it has run, its deadline, who holds it; then the money.
  const leading = ["orderNo", "status", "duration"];
  const columns: ColumnsType<ConsoleOrder> = [
    ...byKey("orderNo"),
    merchantColumn,
    ...byKey("status"),
    ...byKey("duration"),
    ...stuckOrderColumns(t),
    ...(merchantColumns.filter((c) => !leading.includes(String(c.key))) as ColumnsType<ConsoleOrder>),
  ];

  return (
    <ListCard title={t("console-orders.title")} actions={<RefreshButton query={tableQuery} />}>
      <OrderFilters
        formProps={{ ...searchFormProps, initialValues }}
        leading={
          <>
            <TextFilter
              name="merchantNo"
              label={t("console.fields.merchantNo")}
              schema={consoleOrderQuery.shape.merchantNo}
            />
            {/* A filter cell as the search form lays out its own. */}
            <Col xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name="shortDelivery" label={t("console-orders.deliveryFilter")}>
                <Select
                  allowClear
                  placeholder={t("common.filters.any")}
                  options={(["true", "false"] as const).map((v) => ({
                    value: v,
                    label: t(`console-orders.deliveryOptions.${v}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name="processingOver" label={t("console-orders.processingOver")}>
                <Select
                  allowClear
                  placeholder={t("common.filters.any")}
                  options={stuckAfterMinutes.map((minutes) => ({
                    value: minutes,
                    label:
                      Number(minutes) < 60
                        ? t("console-orders.processingOverMinutes", { n: minutes })
                        : t("console-orders.processingOverHours", { n: Number(minutes) / 60 }),
                  }))}
                />
              </Form.Item>
            </Col>
          </>
        }
      />
      {/* A phone keeps every column at its width, the table scrolling sideways in its card: the lists' phone layout
          (listTableLayout) lets cells wrap, and Chinese may wrap between any two characters, so the order's many
          fields, squeezed into 390 px, would stand a few characters a line. */}
      <Table<ConsoleOrder>
        {...tableProps}
        scroll={compact ? { x: "max-content" } : tableProps.scroll}
        rowKey="orderNo"
        columns={columns}
      />
      {open && (
        <ConsoleOrderDrawer orderNo={open} onClose={() => setOpen(null)} onChanged={() => void tableQuery.refetch()} />
      )}
    </ListCard>
  );
}
