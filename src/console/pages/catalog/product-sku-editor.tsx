import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Flex, Form, type FormInstance, Input, InputNumber, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { productBody } from "#contracts";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { newSku, type ProductValues, type SkuValues } from "./product-form-values";

const skuShape = productBody.shape.skus.element.shape;
const MAX_SKUS = 200;

/**
 * A product's SKUs, a row each: its code (what orders, callbacks and the import name it by), specification, face
 * value and currency, whether it is on sale, and its place in the list. A SKU the product had that is removed here
 * goes to the recycle bin when the product is saved (`savedCodes` are the codes it had), and can be restored there.
 */
export function ProductSkuEditor({ form, savedCodes }: { form: FormInstance<ProductValues>; savedCodes: string[] }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-catalog.skus.fields.${field}`);
  const item = (width: number) => ({ style: { width, marginBottom: 0 } });
  return (
    <Form.List
      name="skus"
      rules={[
        {
          validator: async (_, skus: SkuValues[] | undefined) => {
            const codes = (skus ?? []).map((s) => s?.code?.trim()).filter(Boolean);
            if (new Set(codes).size !== codes.length) throw new Error(t("console-catalog.errors.skuCodeTwice"));
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t("console-catalog.skus.hint")}</Typography.Text>
          {rows.map(({ key, name }, index) => {
            const title = t("console-catalog.skus.rowN", { n: index + 1 });
            return (
              <Flex key={key} role="group" aria-label={title} wrap gap={8} align="flex-start">
                <Form.Item
                  name={[name, "code"]}
                  label={label("code")}
                  required
                  rules={[zodRule(skuShape.code, t)]}
                  {...item(150)}
                >
                  <Input autoComplete="off" maxLength={64} />
                </Form.Item>
                <Form.Item
                  name={[name, "spec"]}
                  label={label("spec")}
                  required
                  rules={[zodRule(skuShape.spec, t)]}
                  {...item(170)}
                >
                  <Input autoComplete="off" maxLength={100} />
                </Form.Item>
                <Form.Item
                  name={[name, "faceValue"]}
                  label={label("faceValue")}
                  required
                  rules={[zodRule(skuShape.faceValue, t)]}
                  {...item(120)}
                >
                  <Input inputMode="decimal" autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name={[name, "currency"]}
                  label={label("currency")}
                  required
                  rules={[zodRule(skuShape.currency, t)]}
                  {...item(90)}
                >
                  <Input autoComplete="off" maxLength={3} />
                </Form.Item>
                <Form.Item
                  name={[name, "status"]}
                  label={label("status")}
                  // The switch shows "on sale"; the body says enabled or disabled.
                  getValueProps={(status: SkuValues["status"]) => ({ checked: status !== "disabled" })}
                  normalize={(checked: boolean) => (checked ? "enabled" : "disabled")}
                  {...item(90)}
                >
                  <Switch
                    checkedChildren={t("enums.productStatus.enabled")}
                    unCheckedChildren={t("enums.productStatus.disabled")}
                  />
                </Form.Item>
                <Form.Item
                  name={[name, "sort"]}
                  label={label("sort")}
                  rules={[zodRule(skuShape.sort, t)]}
                  {...item(90)}
                >
                  <InputNumber min={-9999} max={9999} precision={0} style={{ width: "100%" }} />
                </Form.Item>
                {/* Level with the inputs, below their labels. */}
                <div style={{ paddingTop: 30 }}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("console-catalog.skus.remove", { n: index + 1 })}
                    title={t("console-catalog.skus.remove", { n: index + 1 })}
                    disabled={rows.length === 1}
                    onClick={() => {
                      const code = (form.getFieldValue(["skus", name, "code"]) as string | undefined)?.trim();
                      remove(name);
                      if (code && savedCodes.includes(code))
                        void message.info(t("console-catalog.skus.removed", { code }));
                    }}
                  />
                </div>
              </Flex>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={rows.length >= MAX_SKUS}
            onClick={() => add(newSku((form.getFieldValue("skus") as SkuValues[] | undefined)?.at(-1)?.currency))}
          >
            {t("console-catalog.skus.add")}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
