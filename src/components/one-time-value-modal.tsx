import { Alert, Button, Checkbox, Modal, Typography } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

interface OneTimeValueModalProps {
  /** The value to show this once (a merchant secret, a generated password); null keeps the dialog closed. */
  value: string | null;
  title: ReactNode;
  warning: string;
  doneText: string;
  testId: string;
  onClose: () => void;
}

/**
 * A value the server shows once and never again. The dialog lives only in page state, so closing it forgets the
 * value: it closes only by its button, after the user confirms they stored the value (not by Esc, a click beside
 * it or a corner ×).
 */
export function OneTimeValueModal({ value, title, warning, doneText, testId, onClose }: OneTimeValueModalProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (value !== null) setSaved(false);
  }, [value]);
  return (
    <Modal
      open={value !== null}
      title={title}
      closable={false}
      keyboard={false}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={!saved} onClick={onClose}>
          {doneText}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={warning} style={{ marginBottom: 16 }} />
      {value !== null && (
        <Typography.Paragraph
          copyable={{ text: value, tooltips: [t("common.copy"), t("common.copied")] }}
          style={{ marginBottom: 16 }}
        >
          <Typography.Text code data-testid={testId} style={{ wordBreak: "break-all", fontSize: 16 }}>
            {value}
          </Typography.Text>
        </Typography.Paragraph>
      )}
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
        {t("common.storedSafely")}
      </Checkbox>
    </Modal>
  );
}
