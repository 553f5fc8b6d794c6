import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { type MerchantSkuPrice, overrideBody, priceCalls } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { plainPrice, priceText } from "../../shared/price-text";

/**
 * Sets a merchant's own price of one SKU (an override): it pays that instead of its list's price, from now on, and
 * can order the SKU even when its list does not have it.
 */
export function PriceOverrideDialog({
  merchantId,
  sku,
  onClose,
  onSaved,
}: {
  merchantId: number;
  /** The SKU whose price is set; null: closed. */
  sku: MerchantSkuPrice | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ price: string }>();

  const save = async ({ price }: { price: string }) => {
    if (!sku) return;
    const saved = await consoleCall(priceCalls.setOverride, {
      params: { id: merchantId, skuId: sku.skuId },
      body: { price },
    });
    void message.success(
      t("console-prices.overrideSaved", {
        sku: `${saved.productName} ${saved.spec}`,
        price: priceText(saved.price, saved.currency),
      }),
    );
    onSaved();
  };

  return (
    <FormDialog
      open={sku !== null}
      title={sku ? t("console-prices.overrideTitle", { sku: `${sku.productName} ${sku.spec}` }) : ""}
      form={form}
      name="price-override"
      record={sku}
      values={() => sku && { price: plainPrice(sku.override ?? sku.listPrice) }}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item
        name="price"
        label={t("console-prices.merchantFields.override")}
        extra={t("console-prices.overrideHint", { list: priceText(sku?.listPrice, sku?.currency) })}
        required
        rules={[zodRule(overrideBody.shape.price, t)]}
      >
        <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} suffix={sku?.currency} />
      </Form.Item>
    </FormDialog>
  );
}
