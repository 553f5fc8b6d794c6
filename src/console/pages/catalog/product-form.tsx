import { Divider, Form } from "antd";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { catalogCalls } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { consoleCall } from "../../console-session";
import { OrderFieldEditor } from "./order-field-editor";
import { ProductAttributes, ProductBasics } from "./product-form-fields";
import { newProduct, type ProductValues, productBody, productValues } from "./product-form-values";
import { ProductSkuEditor } from "./product-sku-editor";

/**
 * A product edited whole in one dialog: what it is, how it is described and filed, its SKUs and the inputs an order
 * of it asks for. Saved in one call; the server's field errors land on the fields they name (`skus.2.code`).
 * `productId` null adds one; `readOnly` shows one to who may not change it.
 */
export function ProductForm({
  productId,
  open,
  readOnly,
  onClose,
  onSaved,
}: {
  productId: number | null;
  open: boolean;
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProductValues>();
  const [loading, setLoading] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  // The SKU codes the product had: removing one of them sends it to the recycle bin on save.
  const [savedCodes, setSavedCodes] = useState<string[]>([]);
  // The latest onClose, without making every render of the list reload the product.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // FormDialog empties the form as it opens (and fills a new product's); an existing one is read here.
  useLayoutEffect(() => {
    if (!open) return;
    setCode(null);
    setSavedCodes([]);
    if (productId === null) return;
    let current = true;
    setLoading(true);
    consoleCall(catalogCalls.product, { params: { id: productId } })
      .then((detail) => {
        if (!current) return;
        form.setFieldsValue(productValues(detail));
        setCode(detail.code);
        setSavedCodes(detail.skuList.map((s) => s.code));
      })
      .catch(() => {
        if (current) closeRef.current(); // the http client has said why
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [open, productId, form]);

  const save = async (values: ProductValues) => {
    const body = productBody(values);
    const saved =
      productId === null
        ? await consoleCall(catalogCalls.createProduct, { body })
        : await consoleCall(catalogCalls.updateProduct, { params: { id: productId }, body });
    const removed = savedCodes.filter((c) => !saved.skuList.some((s) => s.code === c));
    void message.success(
      t(productId === null ? "console-catalog.products.created" : "console-catalog.products.saved", {
        name: saved.name,
      }),
    );
    if (removed.length > 0) void message.info(t("console-catalog.skus.movedToBin", { codes: removed.join(", ") }));
    onSaved();
  };

  const section = (key: string) => (
    <Divider orientation="left" orientationMargin={0}>
      {t(`console-catalog.products.sections.${key}`)}
    </Divider>
  );
  return (
    <FormDialog<ProductValues>
      open={open}
      title={
        productId === null
          ? t("console-catalog.products.create")
          : t(`console-catalog.products.${readOnly ? "viewTitle" : "editTitle"}`, { code: code ?? "" })
      }
      width={1100}
      form={form}
      name="catalog-product"
      record={productId}
      values={() => productId === null && newProduct()}
      loading={loading}
      readOnly={readOnly}
      formProps={{ scrollToFirstError: true }}
      onSubmit={save}
      onClose={onClose}
    >
      <ProductBasics editing={productId !== null} open={open} />
      {section("attributes")}
      <ProductAttributes open={open} />
      {section("skus")}
      <ProductSkuEditor form={form} savedCodes={savedCodes} />
      {section("fields")}
      <OrderFieldEditor form={form} />
    </FormDialog>
  );
}
