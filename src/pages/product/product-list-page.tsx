import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Table } from "antd";
import { useTranslation } from "react-i18next";
import type { Product } from "#contracts";
import { ExportButton } from "../../components/export-task/export-button";
import { DEFAULT_LIST_PAGE_SIZE, ListCard, listPagination, useLoadFailure } from "../../components/list-page";
import { useMayOrder } from "../../components/order-entry/use-order-access";
import { productColumns } from "./product-columns";
import { type ProductSearch, ProductSearchForm } from "./product-search-form";

/** Product Management: the catalog with this merchant's prices, searchable by name and type, paged by the server. */
export default function ProductListPage() {
  const { t } = useTranslation();
  const mayOrder = useMayOrder();
  const { tableProps, searchFormProps, tableQuery, filters, sorters } = useTable<Product, HttpError, ProductSearch>({
    resource: "product",
    syncWithLocation: false,
    pagination: { pageSize: DEFAULT_LIST_PAGE_SIZE },
    onSearch: ({ name, type }) => [
      { field: "name", operator: "contains", value: name?.trim() || undefined },
      { field: "type", operator: "eq", value: type },
    ],
  });

  useLoadFailure(tableQuery.error, "product.loadFailed");

  return (
    <ListCard
      title={t("product.title")}
      actions={<ExportButton resource="product" filters={filters} sorters={sorters} />}
    >
      <ProductSearchForm formProps={searchFormProps} />
      <Table<Product>
        {...tableProps}
        rowKey="id"
        columns={productColumns(t, mayOrder)}
        scroll={{ x: "max-content" }}
        pagination={listPagination(tableProps.pagination, t)}
      />
    </ListCard>
  );
}
