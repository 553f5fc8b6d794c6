import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Flex, Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LocalizedTextItems } from "./localized-text-items";

const MAX_OPTIONS = 100;

/**
 * A choice field's options: the value an order stores (and the Open API sends) and what merchants see, in both
 * languages. `field` is the field's index in the product's `fields`.
 */
export function OrderFieldOptions({ field }: { field: number }) {
  const { t } = useTranslation();
  const label = (part: string) => t(`console-catalog.orderFields.options.${part}`);
  const required = { required: true, whitespace: true, message: t("validation.required") };
  return (
    <Form.List
      name={[field, "options"]}
      rules={[
        {
          validator: async (_, options: unknown[] | undefined) => {
            if (!options?.length) throw new Error(t("validation.fieldOptions"));
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={4}>
          <Typography.Text strong>{label("title")}</Typography.Text>
          {rows.map(({ key, name }, index) => {
            const title = t("console-catalog.orderFields.options.rowN", { n: index + 1 });
            return (
              <Flex key={key} role="group" aria-label={title} wrap gap={8} align="flex-start">
                <Form.Item
                  name={[name, "value"]}
                  label={label("value")}
                  required
                  rules={[required]}
                  style={{ width: 150 }}
                >
                  <Input autoComplete="off" maxLength={100} />
                </Form.Item>
                <LocalizedTextItems name={[name, "label"]} labels={[label("labelEn"), label("labelZh")]} required />
                <div style={{ paddingTop: 30 }}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("console-catalog.orderFields.options.remove", { n: index + 1 })}
                    title={t("console-catalog.orderFields.options.remove", { n: index + 1 })}
                    onClick={() => remove(name)}
                  />
                </div>
              </Flex>
            );
          })}
          <Form.ErrorList errors={errors} />
          <div>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={rows.length >= MAX_OPTIONS}
              onClick={() => add({ label: {} })}
            >
              {label("add")}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
