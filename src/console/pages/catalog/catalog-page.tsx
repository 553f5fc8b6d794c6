import { useCan } from "@refinedev/core";
import { Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ListCard } from "../../../components/list-page";
import type { CatalogAccess } from "./catalog-access";
import { CatalogBin } from "./catalog-bin";
import { CatalogProducts } from "./catalog-products";
import { AttributesTab, BrandsTab, CategoriesTab } from "./catalog-taxonomy";

/**
 * The catalog (issue 16): products (Topup, Login Topup, Gift Card) with their SKUs and order input fields, the
 * categories, brands and attributes that describe them, and the recycle bin that deleted products and SKUs go to
 * until they are restored or purged.
 */
export default function CatalogPage() {
  const { t } = useTranslation();
  const access: CatalogAccess = {
    mayCreate: useCan({ resource: "catalog", action: "create" }).data?.can === true,
    mayEdit: useCan({ resource: "catalog", action: "edit" }).data?.can === true,
    mayDelete: useCan({ resource: "catalog", action: "delete" }).data?.can === true,
  };
  return (
    <ListCard title={t("console-catalog.title")}>
      <Typography.Paragraph type="secondary">{t("console-catalog.intro")}</Typography.Paragraph>
      <Tabs
        // Each tab reads its list again when opened: a delete in one shows in the recycle bin, a restore back.
        destroyOnHidden
        items={[
          {
            key: "products",
            label: t("console-catalog.tabs.products"),
            children: <CatalogProducts {...access} />,
          },
          {
            key: "categories",
            label: t("console-catalog.tabs.categories"),
            children: <CategoriesTab {...access} />,
          },
          { key: "brands", label: t("console-catalog.tabs.brands"), children: <BrandsTab {...access} /> },
          {
            key: "attributes",
            label: t("console-catalog.tabs.attributes"),
            children: <AttributesTab {...access} />,
          },
          { key: "bin", label: t("console-catalog.tabs.bin"), children: <CatalogBin mayDelete={access.mayDelete} /> },
        ]}
      />
    </ListCard>
  );
}
