import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";

/** The footer of an inline edit form: Cancel, and Save (busy and disabled while the form is being saved). */
export function FormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button onClick={onCancel}>{t("common.cancel")}</Button>
      <Button type="primary" htmlType="submit" disabled={saving} loading={saving}>
        {t("common.save")}
      </Button>
    </Space>
  );
}
