import { Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import type { OrderField } from "#contracts";
import { formatHint } from "../../lib/order-inputs";

/** The inputs an order of this product asks for, as the order form and the batch template will. */
export function ProductFieldTable({ fields }: { fields: readonly OrderField[] }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  const columns: ColumnsType<OrderField> = [
    { key: "label", title: t("product.field.label"), dataIndex: "label" },
    { key: "key", title: t("product.field.key"), render: (_, f) => <code>{f.key}</code> },
    { key: "kind", title: t("product.field.kind"), render: (_, f) => t(`product.fieldKinds.${f.kind}`) },
    { key: "required", title: t("product.field.required"), render: (_, f) => yesNo(f.required) },
    {
      key: "primaryKey",
      title: t("product.field.primaryKey"),
      render: (_, f) => (f.primaryKey ? <Tag color="blue">{t("product.field.rechargeAccount")}</Tag> : "-"),
    },
    { key: "group", title: t("product.field.group"), render: (_, f) => f.group || "-" },
    {
      key: "rule",
      title: t("product.field.rule"),
      render: (_, f) => (f.options ? "-" : formatHint(f, t)),
    },
    {
      key: "options",
      title: t("product.field.options"),
      render: (_, f) => (f.options ? f.options.map((o) => o.label).join(", ") : "-"),
    },
  ];
  return (
    <Table<OrderField>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={[...fields]}
      pagination={false}
      scroll={{ x: "max-content" }}
    />
  );
}
