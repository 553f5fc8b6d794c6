import { Button, Checkbox, Drawer, Flex, Form, Input, Table, Tabs, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import {
  type CatalogSync,
  type SupplierAccountView,
  type SupplierProductView,
  supplierCatalogCalls,
  supplierProductQuery,
} from "#contracts";
import { RefreshButton, tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { formatDateTime } from "../../../lib/date-format";
import { zodRule } from "../../../lib/zod-rule";
import { entryTerms } from "../../shared/catalog-product-picker";
import { ErrorText, SyncStateTag } from "./supplier-columns";

interface ProductSearch {
  keyword?: string;
  gone?: "true";
}

/** An account's synced catalog: its products (searched by name, id or country; gone ones on request), its syncs. */
export function SupplierCatalogDrawer({ supplier, onClose }: { supplier: SupplierAccountView; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      width={Math.min(1100, window.innerWidth)}
      title={t("console-suppliers.catalog.title", { name: supplier.name })}
      onClose={onClose}
    >
      <Tabs
        items={[
          {
            key: "products",
            label: t("console-suppliers.catalog.tabs.products"),
            children: <CatalogProducts supplierId={supplier.id} />,
          },
          {
            key: "syncs",
            label: t("console-suppliers.catalog.tabs.syncs"),
            children: <CatalogSyncs supplierId={supplier.id} />,
          },
        ]}
      />
    </Drawer>
  );
}

function CatalogProducts({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation();
  const paged = usePagedCall<SupplierProductView, ProductSearch>(supplierCatalogCalls.products, {
    params: { id: supplierId },
    loadFailed: "console-suppliers.catalog.productsLoadFailed",
  });
  const label = (field: string) => t(`console-suppliers.catalog.fields.${field}`);
  return (
    <>
      <Flex wrap align="flex-start" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Form<{ keyword?: string; gone?: boolean }>
          name="supplier-products-search"
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(v) =>
            paged.searchFor({ keyword: v.keyword?.trim() || undefined, gone: v.gone ? "true" : undefined })
          }
        >
          <Form.Item
            name="keyword"
            label={t("console-suppliers.catalog.keyword")}
            rules={[zodRule(supplierProductQuery.shape.keyword, t)]}
          >
            <Input allowClear style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="gone" valuePropName="checked">
            <Checkbox>{t("console-suppliers.catalog.withGone")}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t("common.filters.search")}
          </Button>
        </Form>
        <RefreshButton query={paged.query} />
      </Flex>
      <Table<SupplierProductView>
        {...paged.tableProps}
        rowKey="id"
        size="small"
        loading={tableLoading(paged.query)}
        columns={[
          {
            key: "name",
            title: label("name"),
            render: (_, p) => (
              <>
                <div>{p.name}</div>
                <Typography.Text type="secondary">{p.externalId}</Typography.Text>
              </>
            ),
          },
          { key: "kind", title: label("kind"), render: (_, p) => t(`console-suppliers.catalog.kinds.${p.kind}`) },
          { key: "terms", title: label("terms"), render: (_, p) => entryTerms(t, p) },
          {
            key: "syncTime",
            title: label("syncTime"),
            render: (_, p) =>
              p.goneTime ? (
                <Tag color="red">{t("console-suppliers.catalog.goneAt", { time: formatDateTime(p.goneTime) })}</Tag>
              ) : (
                formatDateTime(p.syncTime)
              ),
          },
        ]}
      />
    </>
  );
}

function CatalogSyncs({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation();
  const paged = usePagedCall<CatalogSync>(supplierCatalogCalls.syncs, {
    params: { id: supplierId },
    loadFailed: "console-suppliers.catalog.syncsLoadFailed",
  });
  const label = (field: string) => t(`console-suppliers.catalog.syncFields.${field}`);
  const count = (key: keyof CatalogSync) => ({ key, title: label(key), align: "right" as const, dataIndex: key });
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <RefreshButton query={paged.query} />
      </Flex>
      <Table<CatalogSync>
        {...paged.tableProps}
        rowKey="id"
        size="small"
        loading={tableLoading(paged.query)}
        columns={[
          { key: "startTime", title: label("startTime"), render: (_, s) => formatDateTime(s.startTime) },
          {
            key: "trigger",
            title: label("trigger"),
            render: (_, s) => t(`console-suppliers.catalog.triggers.${s.trigger}`),
          },
          { key: "state", title: label("state"), render: (_, s) => <SyncStateTag sync={s} /> },
          count("products"),
          count("added"),
          count("changed"),
          count("gone"),
          count("flagged"),
          { key: "error", title: label("error"), render: (_, s) => (s.error ? <ErrorText text={s.error} /> : "-") },
        ]}
      />
    </>
  );
}
