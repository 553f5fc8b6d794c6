import { Input, Select } from "antd";
import type { ClipboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { OrderField } from "#contracts";

export interface FieldControlProps {
  field: OrderField;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  "aria-label"?: string;
  size?: "small" | "middle";
  status?: "error";
  onPaste?: (event: ClipboardEvent<HTMLInputElement>) => void;
}

/**
 * The input of one order field by its kind: options for a select, a masked input for a secret, and a number as
 * text (typed digits are kept exactly as entered; the schema checks them). Always answers a string.
 */
export function FieldControl({ field, value, onChange, size, ...rest }: FieldControlProps) {
  const { t } = useTranslation();
  if (field.kind === "select")
    return (
      <Select
        id={rest.id}
        aria-label={rest["aria-label"]}
        size={size}
        status={rest.status}
        value={value === "" ? undefined : value}
        onChange={(next: string | undefined) => onChange?.(next ?? "")}
        allowClear={!field.required}
        showSearch
        optionFilterProp="label"
        placeholder={t("orderForm.placeholders.select")}
        options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
        style={{ width: "100%", minWidth: 120 }}
      />
    );
  const common = {
    ...rest,
    size,
    value: value ?? "",
    onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
  };
  if (field.kind === "secret") return <Input.Password {...common} autoComplete="new-password" />;
  if (field.kind === "number") return <Input {...common} inputMode="decimal" autoComplete="off" />;
  return <Input {...common} autoComplete="off" />;
}
