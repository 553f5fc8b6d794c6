import { useTranslation } from "react-i18next";
import type { ApiSecret } from "#contracts";
import { OneTimeValueModal } from "../../components/one-time-value-modal";

/**
 * The only place a merchant secret is ever shown: straight from the generating call's answer, kept in the page's
 * state until the admin confirms they stored it, never stored or fetched again.
 */
export function SecretModal({ secret, onClose }: { secret: ApiSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <OneTimeValueModal
      value={secret?.secret ?? null}
      title={t("api-settings.secret.modalTitle")}
      warning={t("api-settings.secret.onceWarning")}
      doneText={t("api-settings.secret.done")}
      testId="api-secret"
      onClose={onClose}
    />
  );
}
