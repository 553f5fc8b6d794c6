import { Space, Table } from "antd";
import { useTranslation } from "react-i18next";
import { type Product, type ProductType, productListQuery } from "#contracts";
import { useColumnChoice, useCompactList } from "../../components/column-chooser";
import { ExportButton } from "../../components/export-task/export-button";
import { ListCard } from "../../components/list-page";
import { useMayOrder } from "../../components/order-entry/use-order-access";
import { useListTable, useNavigationKey } from "../../components/use-list-table";
import { productColumns } from "./product-columns";
import { type ProductSearch, ProductSearchForm } from "./product-search-form";

/** Product Management: the catalog with this merchant's prices, searchable by name and type, paged by the server. */
export default function ProductListPage() {
  return <ProductList key={useNavigationKey()} />;
}

function ProductList() {
  const { t } = useTranslation();
  const mayOrder = useMayOrder();
  const { tableProps, searchFormProps, filters, sorters, initialValues } = useListTable<Product, ProductSearch>({
    resource: "product",
    location: { query: productListQuery, sortable: [] },
    onSearch: ({ name, type }) => [
      { field: "name", operator: "contains", value: name?.trim() || undefined },
      { field: "type", operator: "eq", value: type },
    ],
    // The address holds the type as text; the select's options are numbers.
    formValues: ({ type, ...rest }) => ({
      ...rest,
      type: type === undefined ? undefined : (Number(type) as ProductType),
    }),
    loadFailed: "product.loadFailed",
  });

  // A phone shows what a product is, its prices and the order buttons; the rest through the column chooser.
  const compactList = useCompactList();
  const { columns, chooser, compact } = useColumnChoice("product", productColumns(t, mayOrder, compactList), [
    "name",
    "skus",
    "actions",
  ]);
  return (
    <ListCard
      title={t("product.title")}
      actions={
        <Space wrap>
          {chooser}
          <ExportButton resource="product" filters={filters} sorters={sorters} />
        </Space>
      }
    >
      <ProductSearchForm formProps={{ ...searchFormProps, initialValues }} />
      {/* Wide, the cells wrap to the card (prices and buttons included) instead of scrolling past its edge. */}
      <Table<Product> {...tableProps} scroll={compact ? tableProps.scroll : undefined} rowKey="id" columns={columns} />
    </ListCard>
  );
}
