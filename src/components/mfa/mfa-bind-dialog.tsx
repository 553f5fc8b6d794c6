import { Alert, Button, Flex, Modal, Spin, Typography } from "antd";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";

/** Spec §9: bind dialog 800 px, QR code 400 px at the highest error-correction level. */
const DIALOG_WIDTH = 800;
const QR_SIZE = 400;

interface MfaBindDialogProps {
  open: boolean;
  /** MFA already bound: only then may the user cancel (an unbound user must bind first). */
  bound: boolean;
  uri: string | null;
  mfaKey: string | null;
  keyFailed: boolean;
  onRetry: () => void;
  onCancel: () => void;
  onNext: () => void;
}

export function MfaBindDialog({ open, bound, uri, mfaKey, keyFailed, onRetry, onCancel, onNext }: MfaBindDialogProps) {
  const { t } = useTranslation();
  let qr = <Spin size="large" />;
  if (keyFailed) {
    qr = (
      <Alert
        type="error"
        showIcon
        message={t("shell.mfa.keyFailed")}
        action={<Button onClick={onRetry}>{t("common.retry")}</Button>}
      />
    );
  } else if (uri) {
    qr = <QRCodeSVG value={uri} size={QR_SIZE} level="H" role="img" aria-label={t("shell.mfa.qrLabel")} />;
  }
  return (
    <Modal
      open={open}
      title={t("shell.mfa.bindTitle")}
      width={DIALOG_WIDTH}
      closable={bound}
      keyboard={bound}
      maskClosable={bound}
      onCancel={bound ? onCancel : undefined}
      footer={[
        bound ? (
          <Button key="cancel" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
        ) : null,
        <Button key="next" type="primary" disabled={!uri} onClick={onNext}>
          {t("shell.mfa.nextStep")}
        </Button>,
      ]}
    >
      <Flex vertical align="center" gap={16}>
        <Typography.Paragraph>{t("shell.mfa.scanHint")}</Typography.Paragraph>
        <Flex align="center" justify="center" style={{ width: QR_SIZE, maxWidth: "100%", minHeight: QR_SIZE }}>
          {qr}
        </Flex>
        {mfaKey && (
          <Typography.Paragraph type="secondary" copyable={{ text: mfaKey }}>
            {t("shell.mfa.keyLabel")}: <code data-testid="mfa-key">{mfaKey}</code>
          </Typography.Paragraph>
        )}
      </Flex>
    </Modal>
  );
}
