import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Input, Upload } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { catalogCalls } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { saveFile } from "../../../lib/save-file";
import { message } from "../../../lib/toast";
import { consoleCall } from "../../console-session";

type ImportReport = Awaited<ReturnType<typeof consoleCall<typeof catalogCalls.importDocument>>>;

/**
 * The catalog as a JSON document (docs/catalog-import.md), the one the operator CLI imports: exported whole as
 * `catalog-YYYY-MM-DD.json`, and imported from a file or pasted text, the server creating or updating products by
 * code and reporting how many. An import is all or nothing: the server's refusal says what is wrong.
 */
export function CatalogTransfer({ mayImport, onImported }: { mayImport: boolean; onImported: () => void }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const exportCatalog = async () => {
    setExporting(true);
    try {
      const document = await consoleCall(catalogCalls.exportDocument);
      const fileName = `catalog-${dayjs().format("YYYY-MM-DD")}.json`;
      saveFile(new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: "application/json" }), fileName);
      void message.success(t("console-catalog.transfer.exported", { products: document.products.length, fileName }));
    } catch {
      // the http client has said why
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCatalog()}>
        {t("console-catalog.transfer.export")}
      </Button>
      {mayImport && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t("console-catalog.transfer.import")}
        </Button>
      )}
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={onImported} />
    </>
  );
}

/** Reads the document from a chosen file (in the browser) or from the text area, and sends it. */
function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ document: string }>();
  const [report, setReport] = useState<ImportReport | null>(null);

  const close = () => {
    setReport(null);
    onClose();
  };

  const send = async ({ document }: { document: string }) => {
    const body = JSON.parse(document) as { products: unknown[] };
    setReport(await consoleCall(catalogCalls.importDocument, { body }));
    onImported();
  };

  const isDocument = async (_: unknown, text: string | undefined) => {
    if (!text?.trim()) throw new Error(t("validation.required"));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(t("console-catalog.transfer.notJson"));
    }
    if (!Array.isArray((parsed as { products?: unknown } | null)?.products))
      throw new Error(t("console-catalog.transfer.noProducts"));
  };

  return (
    <FormDialog<{ document: string }>
      open={open}
      title={t("console-catalog.transfer.importTitle")}
      width={720}
      form={form}
      name="catalog-import"
      okText={t("console-catalog.transfer.import")}
      onSubmit={send}
      onClose={close}
      // Once imported, the dialog only reports: Done closes it. The form stays mounted under the report (hidden),
      // so the form instance stays connected.
      readOnly={report !== null}
      formProps={{ hidden: report !== null }}
      above={
        report && (
          <Alert
            type="success"
            showIcon
            message={t("console-catalog.transfer.imported")}
            description={t("console-catalog.transfer.report", {
              productsCreated: report.products.created,
              productsUpdated: report.products.updated,
              skusCreated: report.skus.created,
              skusUpdated: report.skus.updated,
              skusDisabled: report.skus.disabled,
            })}
          />
        )
      }
    >
      <Upload
        accept=".json,application/json"
        maxCount={1}
        showUploadList={false}
        // Read here and put in the text area: nothing is uploaded until the import is sent.
        beforeUpload={(file) => {
          void file.text().then((text) => {
            form.setFieldsValue({ document: text });
            void form.validateFields(["document"]).catch(() => undefined);
          });
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t("console-catalog.transfer.chooseFile")}</Button>
      </Upload>
      <Form.Item
        name="document"
        label={t("console-catalog.transfer.document")}
        extra={t("console-catalog.transfer.hint")}
        required
        rules={[{ validator: isDocument }]}
        style={{ marginTop: 16 }}
      >
        <Input.TextArea rows={12} spellCheck={false} style={{ fontFamily: "monospace" }} />
      </Form.Item>
    </FormDialog>
  );
}
