import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Dropdown, Popconfirm, Space, Switch, Upload } from "antd";
import { useTranslation } from "react-i18next";
import type { TemplateFormat } from "./batch-files";

/** The grid's actions: rows, template download, file import, and the "only rows with errors" view. */
export function BatchToolbar({
  onAdd,
  onClear,
  onTemplate,
  onImport,
  onlyErrors,
  onOnlyErrors,
}: {
  onAdd: () => void;
  onClear: () => void;
  onTemplate: (format: TemplateFormat) => void;
  onImport: (file: File) => void;
  onlyErrors: boolean;
  onOnlyErrors: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
        {t("orderForm.batch.addRow")}
      </Button>
      <Popconfirm title={t("orderForm.batch.clearConfirm")} onConfirm={onClear}>
        <Button icon={<DeleteOutlined aria-hidden />}>{t("orderForm.batch.clear")}</Button>
      </Popconfirm>
      <Dropdown
        trigger={["click"]}
        menu={{
          items: [
            { key: "xlsx", label: t("orderForm.batch.templateXlsx") },
            { key: "csv", label: t("orderForm.batch.templateCsv") },
          ],
          onClick: ({ key }) => onTemplate(key as TemplateFormat),
        }}
      >
        <Button icon={<DownloadOutlined aria-hidden />}>{t("orderForm.batch.template")}</Button>
      </Dropdown>
      <Upload
        accept=".xlsx,.csv,text/csv"
        showUploadList={false}
        beforeUpload={(file) => {
          onImport(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{t("orderForm.batch.import")}</Button>
      </Upload>
      <Space>
        <Switch id="batch-only-errors" checked={onlyErrors} onChange={onOnlyErrors} />
        <label htmlFor="batch-only-errors" style={{ cursor: "pointer" }}>
          {t("orderForm.batch.onlyErrors")}
        </label>
      </Space>
    </Space>
  );
}
