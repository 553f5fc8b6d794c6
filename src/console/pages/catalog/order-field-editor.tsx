import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Checkbox, Flex, Form, type FormInstance, Input, InputNumber, Radio, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { fieldKinds, orderFieldDefinition } from "#contracts";
import { zodRule } from "../../../lib/zod-rule";
import { LocalizedTextItems } from "./localized-text-items";
import { OrderFieldOptions } from "./order-field-options";
import { newField, type OrderFieldValues, type ProductValues } from "./product-form-values";

const fieldShape = orderFieldDefinition.shape;
const MAX_FIELDS = 20;

/**
 * The inputs a merchant fills in when ordering the product, in their order: each with a key (the order's inputs
 * are keyed by it), its label in both languages, a kind (text, number, a choice among options, or a secret that is
 * never shown again), and its checks. Exactly one field is the primary key, the recharge account: choosing one
 * unchooses the others, as radio buttons do.
 */
export function OrderFieldEditor({ form }: { form: FormInstance<ProductValues> }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-catalog.orderFields.fields.${field}`);
  const fields = () => (form.getFieldValue("fields") as OrderFieldValues[] | undefined) ?? [];

  /** The primary key is one field: checking one unchecks the rest; it must be required, so it becomes so. */
  const choosePrimary = (index: number, checked: boolean) => {
    if (!checked) return;
    form.setFieldValue(
      "fields",
      fields().map((f, i) => ({ ...f, primaryKey: i === index, ...(i === index && { required: true }) })),
    );
  };

  return (
    <Form.List
      name="fields"
      rules={[
        {
          // The list's own rules, as orderFieldDefinitions words them; each field's are on its inputs. (The
          // contract's list checks run only once every field parses, so they are repeated here.)
          validator: async (_, list: OrderFieldValues[] | undefined) => {
            const entries = list ?? [];
            const keys = entries.map((f) => f?.key?.trim()).filter(Boolean);
            if (entries.length === 0) throw new Error(t("validation.fieldsRequired"));
            if (new Set(keys).size !== keys.length) throw new Error(t("validation.fieldKeysUnique"));
            if (entries.filter((f) => f?.primaryKey).length !== 1) throw new Error(t("validation.onePrimaryKey"));
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={12}>
          {rows.map(({ key, name }, index) => {
            const title = t("console-catalog.orderFields.rowN", { n: index + 1 });
            const at = (field: string) => [name, field];
            return (
              <Card
                key={key}
                size="small"
                role="group"
                aria-label={title}
                title={title}
                extra={
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("console-catalog.orderFields.remove", { n: index + 1 })}
                    title={t("console-catalog.orderFields.remove", { n: index + 1 })}
                    disabled={rows.length === 1}
                    onClick={() => remove(name)}
                  />
                }
              >
                <Flex wrap gap={12} align="flex-start">
                  <Form.Item
                    name={at("key")}
                    label={label("key")}
                    required
                    rules={[zodRule(fieldShape.key, t)]}
                    style={{ width: 150 }}
                  >
                    <Input autoComplete="off" maxLength={40} />
                  </Form.Item>
                  <LocalizedTextItems name={[name, "label"]} labels={[label("labelEn"), label("labelZh")]} required />
                  <Form.Item name={at("kind")} label={label("kind")}>
                    <Radio.Group
                      optionType="button"
                      options={fieldKinds.map((k) => ({
                        value: k,
                        label: t(`console-catalog.orderFields.kinds.${k}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name={at("required")} label={label("required")} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Flex>
                <Flex wrap gap={12} align="flex-start">
                  <Form.Item
                    name={at("primaryKey")}
                    label={label("primaryKey")}
                    valuePropName="checked"
                    dependencies={[
                      ["fields", name, "kind"],
                      ["fields", name, "required"],
                    ]}
                    rules={[
                      {
                        validator: async (_, primary: boolean | undefined) => {
                          const f = fields()[name];
                          if (primary && (f?.kind === "secret" || f?.required === false))
                            throw new Error(t("validation.fieldPrimaryKey"));
                        },
                      },
                    ]}
                  >
                    <Checkbox onChange={(e) => choosePrimary(name, e.target.checked)}>
                      {t("console-catalog.orderFields.primaryKeyHint")}
                    </Checkbox>
                  </Form.Item>
                  <LocalizedTextItems
                    name={[name, "group"]}
                    labels={[label("groupEn"), label("groupZh")]}
                    width={160}
                  />
                  <Form.Item
                    name={at("pattern")}
                    label={label("pattern")}
                    extra={t("console-catalog.orderFields.patternHint")}
                    rules={[
                      {
                        validator: async (_, v: string | undefined) => {
                          if (v?.trim()) await zodRule(fieldShape.pattern, t).validator(_, v.trim());
                        },
                      },
                    ]}
                    style={{ width: 220 }}
                  >
                    <Input autoComplete="off" spellCheck={false} maxLength={500} />
                  </Form.Item>
                  <Form.Item
                    name={at("minLength")}
                    label={label("minLength")}
                    dependencies={[["fields", name, "maxLength"]]}
                    rules={[
                      {
                        validator: async (_, min: number | null | undefined) => {
                          const max = fields()[name]?.maxLength ?? 200;
                          if (min !== null && min !== undefined && min > max)
                            throw new Error(t("validation.fieldLengths"));
                        },
                      },
                    ]}
                    style={{ width: 120 }}
                  >
                    <InputNumber min={0} max={1000} precision={0} style={{ width: "100%" }} />
                  </Form.Item>
                  <Form.Item name={at("maxLength")} label={label("maxLength")} style={{ width: 120 }}>
                    <InputNumber min={1} max={1000} precision={0} style={{ width: "100%" }} />
                  </Form.Item>
                </Flex>
                <Form.Item
                  noStyle
                  shouldUpdate={(before: ProductValues, after: ProductValues) =>
                    before.fields?.[name]?.kind !== after.fields?.[name]?.kind
                  }
                >
                  {() => (fields()[name]?.kind === "select" ? <OrderFieldOptions field={name} /> : null)}
                </Form.Item>
              </Card>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={rows.length >= MAX_FIELDS}
            onClick={() => add(newField(rows.length === 0))}
          >
            {t("console-catalog.orderFields.add")}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
