import { UploadOutlined } from "@ant-design/icons";
import { Button, Space, Typography, Upload, type UploadProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { depositCalls, type UploadedFile } from "#contracts";
import { checkUploadFile } from "../../lib/funds";
import { message } from "../../lib/toast";
import { customCall } from "../../providers/api-call";
import { request, showFailure } from "../../providers/http-client";
import { ProofView } from "./proof-view";

/**
 * The recharge form's proof of payment: a form control whose value is the uploaded file's id. The browser
 * checks type and size first (the server checks the bytes again); the file travels as multipart field `file`
 * through the app's http client, and what the server stored is shown back as a thumbnail.
 */
export function ProofUpload({ value, onChange }: { value?: number; onChange?: (fileId: number | undefined) => void }) {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState<UploadedFile>();
  const [busy, setBusy] = useState(false);

  const beforeUpload: UploadProps["beforeUpload"] = (file) => {
    const check = checkUploadFile(file);
    if (check.ok) return true;
    void message.error(t(check.key));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps["customRequest"] = async ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append("file", file as Blob);
    setBusy(true);
    try {
      const result = await request<UploadedFile>({ ...customCall(depositCalls.upload), data: body });
      setUploaded(result);
      onChange?.(result.fileId);
      onSuccess?.(result);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      showFailure(error, t("deposit.upload.failed", { reason }));
      onError?.(error as Error);
    } finally {
      setBusy(false);
    }
  };

  const shown = uploaded && uploaded.fileId === value ? uploaded : undefined;
  return (
    <Space align="center" wrap>
      {shown && <ProofView url={shown.url} contentType={shown.contentType} />}
      <Upload
        accept="image/png,image/jpeg,image/webp,application/pdf"
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        maxCount={1}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={busy}>
          {t("deposit.upload.button")}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t("deposit.upload.hint")}</Typography.Text>
    </Space>
  );
}
