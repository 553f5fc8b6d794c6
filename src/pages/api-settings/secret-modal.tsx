import { Alert, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ApiSecret } from "#contracts";

/**
 * The only place a merchant secret is ever shown: straight from the generating call's answer, kept in the page's
 * state until the admin closes this dialog, never stored or fetched again.
 */
export function SecretModal({ secret, onClose }: { secret: ApiSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={t("api-settings.secret.modalTitle")}
      onOk={onClose}
      onCancel={onClose}
      okText={t("api-settings.secret.done")}
      cancelButtonProps={{ style: { display: "none" } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t("api-settings.secret.onceWarning")} style={{ marginBottom: 16 }} />
      {secret && (
        <Typography.Paragraph copyable={{ text: secret.secret }}>
          <Typography.Text code data-testid="api-secret" style={{ wordBreak: "break-all" }}>
            {secret.secret}
          </Typography.Text>
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
