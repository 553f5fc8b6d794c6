import { Alert, Button, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

export interface ShownPassword {
  username: string;
  password: string;
}

/**
 * A password the server generated, shown this once with a copy button. It lives only in this dialog's state:
 * closing the dialog forgets it, and it cannot be closed by a stray click beside it.
 */
export function PasswordShownModal({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={shown !== null}
      title={shown ? t("member.titles.passwordShown", { username: shown.username }) : ""}
      maskClosable={false}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t("member.actions.done")}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t("member.hints.passwordShown")} style={{ marginBottom: 16 }} />
      {shown && (
        <Typography.Paragraph
          code
          data-testid="generated-password"
          style={{ fontSize: 18 }}
          copyable={{ text: shown.password, tooltips: [t("member.hints.copy"), t("member.hints.copied")] }}
        >
          {shown.password}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
