import { Button, Checkbox, Popover, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ColumnChecklistProps {
  options: { value: string; label: ReactNode; disabled: boolean }[];
  value: string[];
  /** The keys chosen, or null to go back to the columns that fit the width. */
  onChange: (keys: string[] | null) => void;
}

/** A list's columns to tick, under the list's column button (column-chooser.tsx). */
export default function ColumnChecklist({
  options,
  value,
  onChange,
  open,
  onOpenChange,
  button,
}: ColumnChecklistProps & { open: boolean; onOpenChange: (open: boolean) => void; button: ReactNode }) {
  const { t } = useTranslation();
  const checklist = (
    <Space direction="vertical">
      <Checkbox.Group
        value={value}
        onChange={(keys) => onChange(keys.map(String))}
        style={{ display: "flex", flexDirection: "column", gap: 4, maxHeight: "60vh", overflowY: "auto" }}
        options={options}
      />
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange(null)}>
        {t("common.columns.reset")}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={checklist} open={open} onOpenChange={onOpenChange}>
      {button}
    </Popover>
  );
}
