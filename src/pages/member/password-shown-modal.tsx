import { useTranslation } from "react-i18next";
import { OneTimeValueModal } from "../../components/one-time-value-modal";

export interface ShownPassword {
  username: string;
  password: string;
}

/** A password the server generated, shown this once: it lives only in this dialog's state. */
export function PasswordShownModal({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <OneTimeValueModal
      value={shown?.password ?? null}
      title={shown ? t("member.titles.passwordShown", { username: shown.username }) : ""}
      warning={t("member.hints.passwordShown")}
      doneText={t("member.actions.done")}
      testId="generated-password"
      onClose={onClose}
    />
  );
}
