import { FilePdfOutlined, WarningOutlined } from "@ant-design/icons";
import { Image, Spin, Tooltip } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { isImage } from "../../lib/funds";
import { type FileSource, useProofBlob } from "./proof-blob";
import { useDebouncedPreviewKeys } from "./use-debounced-preview-keys";

const THUMB = 48;

interface ProofViewProps {
  url: string | null;
  contentType: string | null;
  /** The console's reviewers see the proof large (`width`), through their own client (`source`). */
  width?: number;
  source?: FileSource;
}

/** A proof of payment: an image (a thumbnail by default) that opens the preview, a PDF as a link to the file. */
export function ProofView({ url, contentType, width, source }: ProofViewProps) {
  const { t } = useTranslation();
  const { src, failed } = useProofBlob(url, source);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useDebouncedPreviewKeys(open, close);

  if (!url) return "-";
  if (failed)
    return (
      <Tooltip title={t("deposit.upload.loadFailed")}>
        <WarningOutlined aria-label={t("deposit.upload.loadFailed")} />
      </Tooltip>
    );
  if (!src) return <Spin size="small" />;
  if (!isImage(contentType))
    return (
      <a href={src} target="_blank" rel="noreferrer" aria-label={t("deposit.upload.openPdf")}>
        <FilePdfOutlined style={{ fontSize: 24 }} /> PDF
      </a>
    );
  return (
    <Image
      src={src}
      width={width ?? THUMB}
      {...(width === undefined && { height: THUMB })}
      style={{ objectFit: width === undefined ? "cover" : "contain" }}
      alt={t("deposit.fields.proof")}
      preview={{ visible: open, onVisibleChange: setOpen }}
    />
  );
}
