import { Button, Image, Popconfirm, Space, type TableColumnsType, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ConsoleProduct } from "#contracts";
import { WrappedText } from "../../shared/wrapped-text";
import type { CatalogAccess } from "./catalog-access";

/** A phone shows the product, its status and the actions; a laptop leaves its image and supplier to the chooser. */
export const productPhoneColumns = ["name", "status", "actions"];
export const productLaptopColumns = ["code", "name", "type", "category", "brand", "skus", "status", "actions"];

/** What the rows' buttons do, each for who may. */
export interface ProductRowActions extends Pick<CatalogAccess, "mayEdit" | "mayDelete"> {
  mayShow: boolean;
  open(product: ConsoleProduct): void;
  remove(product: ConsoleProduct): Promise<void>;
}

/** The catalog's product list: image, code, names, type, category, brand, SKUs, status, supplier, actions. */
export function productColumns(
  t: TFunction,
  { mayEdit, mayShow, mayDelete, open, remove }: ProductRowActions,
): TableColumnsType<ConsoleProduct> {
  const label = (field: string) => t(`console-catalog.products.fields.${field}`);
  return [
    {
      key: "image",
      title: label("image"),
      render: (_, p) =>
        p.imageUrl ? (
          <Image
            src={p.imageUrl}
            alt={t("console-catalog.products.imageOf", { name: p.name })}
            width={40}
            height={40}
            style={{ objectFit: "contain" }}
            preview={false}
          />
        ) : (
          "-"
        ),
    },
    { key: "code", title: label("code"), dataIndex: "code" },
    {
      key: "name",
      title: label("name"),
      render: (_, p) => (
        <WrappedText width={220}>
          <div>{p.name}</div>
          {p.nameZh && <Typography.Text type="secondary">{p.nameZh}</Typography.Text>}
        </WrappedText>
      ),
    },
    { key: "type", title: label("type"), render: (_, p) => t(`enums.productType.${p.type}`) },
    { key: "category", title: label("category"), render: (_, p) => p.categoryName ?? "-" },
    { key: "brand", title: label("brand"), render: (_, p) => p.brandName ?? "-" },
    { key: "skus", title: label("skus"), dataIndex: "skus", align: "right" },
    {
      key: "status",
      title: label("status"),
      render: (_, p) => (
        <Tag color={p.status === "enabled" ? "green" : "default"}>{t(`enums.productStatus.${p.status}`)}</Tag>
      ),
    },
    { key: "supplier", title: label("supplier"), dataIndex: "supplier" },
    {
      key: "actions",
      title: t("console.fields.actions"),
      fixed: "right",
      render: (_, p) => (
        <Space size={0}>
          {(mayEdit || mayShow) && (
            <Button
              type="link"
              size="small"
              aria-label={t(`console-catalog.products.${mayEdit ? "edit" : "view"}`, { code: p.code })}
              onClick={() => open(p)}
            >
              {mayEdit ? t("common.edit") : t("console-catalog.products.viewButton")}
            </Button>
          )}
          {mayDelete && (
            <Popconfirm
              title={t("console-catalog.products.deleteConfirm", { name: p.name })}
              description={t("console-catalog.products.deleteHint")}
              okText={t("console-catalog.delete")}
              okButtonProps={{ danger: true }}
              cancelText={t("common.cancel")}
              onConfirm={() => remove(p)}
            >
              <Button
                type="link"
                size="small"
                danger
                aria-label={t("console-catalog.products.deleteOne", { code: p.code })}
              >
                {t("console-catalog.delete")}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
}
