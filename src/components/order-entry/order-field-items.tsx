import { Divider, Form } from "antd";
import { useTranslation } from "react-i18next";
import type { OrderField } from "#contracts";
import { fieldGroups, fieldRule } from "../../lib/order-inputs";
import { FieldControl } from "./field-control";

/** A product's order inputs as form items under their group headings, checked by the shared field schema. */
export function OrderFieldItems({ fields }: { fields: readonly OrderField[] }) {
  const { t } = useTranslation();
  return (
    <>
      {fieldGroups(fields).map((group) => (
        <fieldset key={group.name} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {group.name && (
            <Divider orientation="left" plain>
              {group.name}
            </Divider>
          )}
          {group.fields.map((field) => (
            <Form.Item
              key={field.key}
              name={["inputs", field.key]}
              label={field.label}
              required={field.required}
              rules={[fieldRule(field, t)]}
              tooltip={field.primaryKey ? t("orderForm.primaryKeyHint") : undefined}
              validateFirst
            >
              <FieldControl field={field} />
            </Form.Item>
          ))}
        </fieldset>
      ))}
    </>
  );
}
