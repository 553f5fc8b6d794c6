import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Form, type FormInstance, Select, Space, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { type RoutedSku, type SupplierProductView, skuRoutesBody } from "#contracts";
import { zodRule } from "../../../lib/zod-rule";
import { CatalogProductPicker } from "../../shared/catalog-product-picker";
import { RouteTerms } from "./route-terms";

/** The routes editor's form: whether the SKU may be bought at a loss, and its routes in order. */
export interface RoutesFormValues {
  allowLoss: boolean;
  routes: { supplierId?: number; supplierProduct?: string; enabled?: boolean }[];
}

const routeShape = skuRoutesBody.shape.routes.element.shape;
/** A product of an account's catalog, as the editor keeps the products picked. */
export const productKey = (supplierId: number | undefined, product: string | undefined) => `${supplierId}/${product}`;

/** One route of the editor: its supplier, its product from that supplier's catalog, enabled, and its terms. */
export function RouteCard({
  form,
  name,
  index,
  count,
  sku,
  supplierOptions,
  suppliersLoading,
  picked,
  onPicked,
  onMove,
  onRemove,
}: {
  form: FormInstance<RoutesFormValues>;
  name: number;
  index: number;
  count: number;
  sku: RoutedSku;
  supplierOptions: { value: number; label: string }[];
  suppliersLoading: boolean;
  picked: ReadonlyMap<string, SupplierProductView>;
  onPicked: (product: SupplierProductView) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const supplierId = Form.useWatch(["routes", name, "supplierId"], form);
  const product = Form.useWatch(["routes", name, "supplierProduct"], form);
  const saved = sku.routes.find((r) => r.supplierId === supplierId && r.supplierProduct === product);
  const pickedNow = product ? picked.get(productKey(supplierId, product)) : undefined;
  const current = saved
    ? { externalId: saved.supplierProduct, name: saved.productName }
    : pickedNow && { externalId: pickedNow.externalId, name: pickedNow.name };
  const label = (field: string) => t(`console-routes.fields.${field}`);
  const title = t("console-routes.routeN", { n: index + 1 });
  const n = { n: index + 1 };
  return (
    <Card
      size="small"
      role="group"
      aria-label={title}
      title={title}
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t("console-routes.moveUp", n)}
            title={t("console-routes.moveUp", n)}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t("console-routes.moveDown", n)}
            title={t("console-routes.moveDown", n)}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t("console-routes.remove", n)}
            title={t("console-routes.remove", n)}
            onClick={() => onRemove(index)}
          />
        </Space>
      }
    >
      <Flex wrap gap={12} align="flex-start">
        <Form.Item
          name={[name, "supplierId"]}
          label={label("supplier")}
          required
          rules={[{ required: true, message: t("validation.required") }]}
          style={{ width: 240, marginBottom: 0 }}
        >
          <Select
            options={supplierOptions}
            loading={suppliersLoading}
            placeholder={t("console-routes.chooseSupplier")}
            // Another supplier's catalog: the product is picked again.
            onChange={() => form.setFieldValue(["routes", name, "supplierProduct"], undefined)}
          />
        </Form.Item>
        <Form.Item
          name={[name, "supplierProduct"]}
          label={label("supplierProduct")}
          required
          rules={[zodRule(routeShape.supplierProduct, t)]}
          style={{ flex: 1, minWidth: 320, marginBottom: 0 }}
        >
          <CatalogProductPicker
            supplierId={supplierId}
            currency={sku.currency}
            kind={sku.kind}
            current={current}
            onPicked={onPicked}
          />
        </Form.Item>
        <Form.Item
          name={[name, "enabled"]}
          label={label("enabled")}
          valuePropName="checked"
          style={{ marginBottom: 0 }}
        >
          <Switch />
        </Form.Item>
      </Flex>
      <RouteTerms sku={sku} saved={saved} picked={pickedNow} />
    </Card>
  );
}
