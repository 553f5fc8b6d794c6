import { SearchOutlined } from "@ant-design/icons";
import { Button, Form, type FormProps, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { type ProductType, productTypes } from "#contracts";

export interface ProductSearch {
  name?: string;
  type?: ProductType;
}

/** Name and type filters of the product list (Refine's searchFormProps turn them into list filters). */
export function ProductSearchForm({ formProps }: { formProps: FormProps<ProductSearch> }) {
  const { t } = useTranslation();
  return (
    <Form<ProductSearch> {...formProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="name" label={t("product.fields.name")}>
        <Input allowClear placeholder={t("product.placeholders.name")} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="type" label={t("product.fields.type")}>
        <Select
          allowClear
          placeholder={t("product.placeholders.type")}
          style={{ width: 180 }}
          options={productTypes.map((type) => ({ value: type, label: t(`enums.productType.${type}`) }))}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t("product.actions.search")}
        </Button>
      </Form.Item>
    </Form>
  );
}
