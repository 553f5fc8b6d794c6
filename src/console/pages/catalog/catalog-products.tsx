import { type CrudFilter, useCan } from "@refinedev/core";
import { Button, Flex, Form, Input, Select, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleProduct, catalogCalls, consoleProductQuery, productStatuses, productTypes } from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { useListTable } from "../../../components/use-list-table";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { WholeListActions } from "../../whole-list";
import type { CatalogAccess } from "./catalog-access";
import { bothNames, useCatalogLists } from "./catalog-lists";
import { productColumns, productLaptopColumns, productPhoneColumns } from "./catalog-product-columns";
import { CatalogTransfer } from "./catalog-transfer";
import { ProductForm } from "./product-form";

interface Search {
  keyword?: string;
  type?: number;
  status?: string;
  categoryId?: number;
  brandId?: number;
}
const numberOf = (value: unknown) => (value === undefined ? undefined : Number(value));

const searchFilters = (s: Search): CrudFilter[] => [
  { field: "keyword", operator: "eq", value: s.keyword?.trim() || undefined },
  { field: "type", operator: "eq", value: s.type },
  { field: "status", operator: "eq", value: s.status },
  { field: "categoryId", operator: "eq", value: s.categoryId },
  { field: "brandId", operator: "eq", value: s.brandId },
];

/**
 * The products, paged and searched by code or name, type, status, category and brand; each opens in the product
 * form. Deleting moves a product (and so its SKUs) to the recycle bin. The whole catalog goes out and comes in as
 * the JSON document the operator CLI imports.
 */
export function CatalogProducts({ mayCreate, mayEdit, mayDelete }: CatalogAccess) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  // Who may read a product but not change it sees the same form, read-only.
  const mayShow = useCan({ resource: "catalog", action: "show" }).data?.can === true;
  const { categories, brands } = useCatalogLists();
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<ConsoleProduct, Search>({
    resource: "catalog",
    location: { query: consoleProductQuery, sortable: [] },
    onSearch: searchFilters,
    // A tab of the catalog page: its keys share the address with the others'.
    address: { prefix: "products." },
    formValues: ({ type, categoryId, brandId, ...rest }) => ({
      ...rest,
      type: numberOf(type),
      categoryId: numberOf(categoryId),
      brandId: numberOf(brandId),
    }),
    loadFailed: "console-catalog.products.loadFailed",
  });
  const reload = () => void tableQuery.refetch();

  const remove = async (product: ConsoleProduct) => {
    try {
      await consoleCall(catalogCalls.deleteProduct, { params: { id: product.id } });
    } catch {
      return; // the http client has said why
    }
    void message.success(t("console-catalog.products.deleted", { name: product.name }));
    reload();
  };

  const label = (field: string) => t(`console-catalog.products.fields.${field}`);
  const any = t("common.filters.any");
  const { columns, chooser } = useColumnChoice(
    "console-catalog-products",
    productColumns(t, { mayEdit, mayShow, mayDelete, open: (p) => setEditing(p.id), remove }),
    productPhoneColumns,
    productLaptopColumns,
  );
  return (
    <>
      <Flex wrap justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
        <CatalogTransfer mayImport={mayCreate} onImported={reload} />
        <WholeListActions
          query={tableQuery}
          createLabel={t("console-catalog.products.create")}
          onCreate={mayCreate ? () => setEditing("new") : undefined}
          chooser={chooser}
        />
      </Flex>
      <Form
        {...searchFormProps}
        initialValues={initialValues}
        name="catalog-search"
        layout="inline"
        style={{ rowGap: 8, marginBottom: 16 }}
      >
        <Form.Item
          name="keyword"
          label={t("console-catalog.products.keyword")}
          rules={[zodRule(consoleProductQuery.shape.keyword, t)]}
        >
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="type" label={label("type")}>
          <Select
            allowClear
            placeholder={any}
            style={{ width: 140 }}
            options={productTypes.map((v) => ({ value: v, label: t(`enums.productType.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={label("status")}>
          <Select
            allowClear
            placeholder={any}
            style={{ width: 120 }}
            options={productStatuses.map((v) => ({ value: v, label: t(`enums.productStatus.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="categoryId" label={label("category")}>
          <Select
            allowClear
            placeholder={any}
            style={{ width: 160 }}
            options={categories.map((c) => ({ value: c.id, label: bothNames(c) }))}
          />
        </Form.Item>
        <Form.Item name="brandId" label={label("brand")}>
          <Select
            allowClear
            placeholder={any}
            style={{ width: 160 }}
            options={brands.map((b) => ({ value: b.id, label: bothNames(b) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Form>
      <Table<ConsoleProduct> {...tableProps} rowKey="id" columns={columns} />
      <ProductForm
        productId={editing === "new" ? null : editing}
        open={editing !== null}
        readOnly={!mayEdit}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </>
  );
}
