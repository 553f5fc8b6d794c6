import { Button, Result, Space } from "antd";
import { useTranslation } from "react-i18next";

/**
 * The signed-in user's info could not be read (not an ended session: the logged-out prompt handles that): say
 * so, and offer to try again or to sign in again. Both apps show it (the console with its own sign-out).
 */
export function SessionInfoFailed({
  retrying,
  onRetry,
  onLoginAgain,
}: {
  retrying: boolean;
  onRetry: () => void;
  onLoginAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t("common.loginStatusFailed")}
      extra={
        <Space>
          <Button type="primary" loading={retrying} onClick={onRetry}>
            {t("common.retry")}
          </Button>
          <Button onClick={onLoginAgain}>{t("common.loginAgain")}</Button>
        </Space>
      }
    />
  );
}
