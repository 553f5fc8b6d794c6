import { SendOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { type Delivery, deliveryCalls } from "#contracts";
import { message } from "../../lib/toast";
import { useAppCall } from "./environment";

/**
 * Sends a signed `callback.test` event to the callback URL now and says what the receiver answered, so a
 * developer can check the endpoint and its signature check before the first real order. It is tried once (no
 * retries) and listed in the delivery log.
 */
export function TestCallbackButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const appCall = useAppCall();
  const { mutate, mutation } = useCustomMutation<Delivery>();
  const send = () =>
    mutate(
      { ...appCall(deliveryCalls.testCallback), values: {} },
      {
        onSuccess: ({ data }) => {
          if (data.status === "delivered")
            void message.success(t("api-settings.testCallback.delivered", { status: data.lastStatus }));
          else void message.warning(t("api-settings.testCallback.failed", { reason: data.lastError ?? "" }));
        },
      },
    );
  return (
    <Button
      size="small"
      icon={<SendOutlined aria-hidden />}
      disabled={disabled}
      title={disabled ? t("api-settings.testCallback.needsUrl") : undefined}
      loading={mutation.isPending}
      onClick={send}
    >
      {t("api-settings.testCallback.send")}
    </Button>
  );
}
