import { useSelect } from "@refinedev/antd";
import { Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { PICKER_PAGE_SIZE, type Product } from "#contracts";
import { formatMoney } from "../../lib/format-decimal";
import { isOrderable, orderableSkus } from "../../lib/order-inputs";

export interface PickedSku {
  productId?: number;
  skuId?: number;
}

/**
 * The product and SKU an order is for. Products on sale are searched by name; those without an SKU priced for
 * this merchant are listed but cannot be chosen; only orderable SKUs are offered.
 */
export function ProductSkuPicker({
  productId,
  product,
  skuId,
  onChange,
}: {
  productId?: number;
  product?: Product;
  skuId?: number;
  onChange: (picked: PickedSku) => void;
}) {
  const { t } = useTranslation();
  const { selectProps, query } = useSelect<Product>({
    resource: "product",
    optionLabel: (p) => `${p.name} (${p.code})`,
    optionValue: (p) => String(p.id),
    searchField: "name",
    filters: [{ field: "status", operator: "eq", value: "enabled" }],
    pagination: { pageSize: PICKER_PAGE_SIZE },
    ...(productId === undefined ? {} : { defaultValue: productId }),
  });
  const closed = new Set((query.data?.data ?? []).filter((p) => !isOrderable(p)).map((p) => String(p.id)));
  const skus = product ? orderableSkus(product) : [];
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t("orderForm.fields.product")} htmlFor="order-product" required>
        <Select<string>
          id="order-product"
          showSearch
          filterOption={false}
          onSearch={selectProps.onSearch}
          loading={selectProps.loading}
          style={{ maxWidth: 480 }}
          placeholder={t("orderForm.placeholders.product")}
          value={productId === undefined ? undefined : String(productId)}
          options={selectProps.options?.map((o) => ({
            value: String(o.value),
            label: o.label,
            disabled: closed.has(String(o.value)),
          }))}
          onChange={(value) => onChange({ productId: Number(value) })}
        />
      </Form.Item>
      {product && (
        <Form.Item
          label={t("orderForm.fields.sku")}
          htmlFor="order-sku"
          required
          help={skus.length === 0 ? t("orderForm.noOrderableSku") : undefined}
          validateStatus={skus.length === 0 ? "error" : undefined}
        >
          <Select
            id="order-sku"
            style={{ maxWidth: 480 }}
            value={skuId}
            options={skus.map((s) => ({
              value: s.id,
              label: `${s.spec} · ${formatMoney(s.price)} ${s.priceCurrency}`,
            }))}
            onChange={(value: number) => onChange({ productId: product.id, skuId: value })}
          />
        </Form.Item>
      )}
    </Form>
  );
}
