import { type CrudFilter, useCan } from "@refinedev/core";
import { Button, Checkbox, Flex, Form, Input, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type RoutedSku, routeCalls, routedSkuQuery } from "#contracts";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { formatMoney } from "../../../lib/format-decimal";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { RouteSummary } from "../../shared/route-summary";
import { RoutesEditor } from "./routes-editor";

interface Search {
  keyword?: string;
  flagged?: boolean;
}
const searchFilters = ({ keyword, flagged }: Search): CrudFilter[] => [
  { field: "keyword", operator: "eq", value: keyword?.trim() || undefined },
  { field: "flagged", operator: "eq", value: flagged ? "true" : undefined },
];

/**
 * Each SKU's routes (issues 16 and 19): the synced supplier products it is bought from, in the order fulfilment
 * tries them (the first healthy one first; a refusal moves the order to the next), each with what it sends and is
 * expected to cost per unit, and what the catalog syncs flagged on it until someone clears the flags. A SKU
 * without routes goes to its product's default supplier. The editor saves a SKU's whole ordered list at once.
 */
export default function RoutesPage() {
  return <RouteList key={useNavigationKey()} />;
}

function RouteList() {
  const { t } = useTranslation();
  const mayEdit = useCan({ resource: "routes", action: "edit" }).data?.can === true;
  const [editing, setEditing] = useState<RoutedSku | null>(null);
  const [clearing, setClearing] = useState<number | null>(null);
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<RoutedSku, Search>({
    resource: "routes",
    location: { query: routedSkuQuery, sortable: [] },
    onSearch: searchFilters,
    formValues: ({ flagged, ...rest }) => ({ ...rest, flagged: flagged === "true" }),
    loadFailed: "console-routes.loadFailed",
  });
  const label = (field: string) => t(`console-routes.fields.${field}`);

  const clearFlags = async (sku: RoutedSku) => {
    setClearing(sku.skuId);
    try {
      const cleared = await consoleCall(routeCalls.clearFlags, { params: { id: sku.skuId } }).catch(() => null);
      if (!cleared) return; // the http client has said why
      void message.success(t("console-routes.flagsCleared", { sku: `${sku.productName} ${sku.spec}` }));
      await tableQuery.refetch();
    } finally {
      setClearing(null);
    }
  };

  return (
    <ListCard title={t("console-routes.title")} actions={<RefreshButton query={tableQuery} />}>
      <Form {...searchFormProps} initialValues={initialValues} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item
          name="keyword"
          label={t("console-routes.keyword")}
          rules={[zodRule(routedSkuQuery.shape.keyword, t)]}
          style={{ maxWidth: "100%" }}
        >
          {/* Narrower than 260 px only where the window is (a phone): the row never pushes the page sideways. */}
          <Input allowClear style={{ width: 260, maxWidth: "100%" }} />
        </Form.Item>
        <Form.Item name="flagged" valuePropName="checked">
          <Checkbox>{t("console-routes.flaggedOnly")}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Form>
      <Table<RoutedSku>
        {...tableProps}
        rowKey="skuId"
        columns={[
          {
            key: "sku",
            title: label("sku"),
            render: (_, s) => (
              <>
                <div>{`${s.productName} ${s.spec}`}</div>
                <Typography.Text type="secondary">{`${s.productCode} · ${s.skuCode}`}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {t("console-routes.defaultSupplierIs", { supplier: s.defaultSupplier })}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          {
            key: "faceValue",
            title: label("faceValue"),
            align: "right",
            render: (_, s) => `${formatMoney(s.faceValue)} ${s.currency}`,
          },
          {
            key: "allowLoss",
            title: label("allowLoss"),
            render: (_, s) => (
              <Tag color={s.allowLoss ? "orange" : undefined}>{t(`console-routes.allowLoss.${s.allowLoss}`)}</Tag>
            ),
          },
          {
            key: "routes",
            title: label("routes"),
            render: (_, s) =>
              s.routes.length === 0 ? (
                <Typography.Text type="secondary">{t("console-routes.none")}</Typography.Text>
              ) : (
                <Flex vertical gap={8}>
                  {s.routes.map((r, i) => (
                    <RouteSummary key={`${r.supplierId}-${r.supplierProduct}`} route={r} index={i} />
                  ))}
                </Flex>
              ),
          },
          {
            key: "actions",
            title: t("console.fields.actions"),
            fixed: "right",
            render: (_, s) =>
              mayEdit ? (
                <Space direction="vertical" size={4}>
                  <Button size="small" onClick={() => setEditing(s)}>
                    {t("console-routes.edit")}
                  </Button>
                  {s.routes.some((r) => r.flags.length > 0) && (
                    <Button size="small" loading={clearing === s.skuId} onClick={() => void clearFlags(s)}>
                      {t("console-routes.clearFlags")}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      {mayEdit && (
        <RoutesEditor
          sku={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void tableQuery.refetch();
          }}
        />
      )}
    </ListCard>
  );
}
