import { KeyOutlined, SyncOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Button, message, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { type ApiApp, type ApiSecret, apiSettingsCalls, type PlatformKey } from "#contracts";
import { customCall } from "../../providers/api-call";

const confirmText = (text: string) => <div style={{ maxWidth: 360 }}>{text}</div>;

/**
 * Generates the merchant secret; replacing an existing one asks first, since the old secret stops working at once.
 * Failures are already reported by the http client.
 */
export function SecretButton({ app, onGenerated }: { app: ApiApp; onGenerated: (secret: ApiSecret) => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<ApiSecret>();
  const generate = () =>
    mutate(
      { ...customCall(apiSettingsCalls.rotateSecret), values: {} },
      { onSuccess: ({ data }) => onGenerated(data) },
    );

  if (!app.secretMasked)
    return (
      <Button type="primary" icon={<KeyOutlined aria-hidden />} loading={mutation.isPending} onClick={generate}>
        {t("api-settings.secret.generate")}
      </Button>
    );
  return (
    <Popconfirm
      title={t("api-settings.secret.rotateTitle")}
      description={confirmText(t("api-settings.secret.rotateText"))}
      okText={t("api-settings.secret.rotate")}
      okButtonProps={{ danger: true }}
      cancelText={t("common.cancel")}
      onConfirm={generate}
    >
      <Button danger icon={<KeyOutlined aria-hidden />} loading={mutation.isPending}>
        {t("api-settings.secret.rotate")}
      </Button>
    </Popconfirm>
  );
}

/** A new platform key pair: callbacks and answers are signed with it from now on, under the next serial. */
export function PlatformKeyRotation({ app, onRotated }: { app: ApiApp; onRotated: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<PlatformKey>();
  const rotate = () =>
    mutate(
      { ...customCall(apiSettingsCalls.rotateKey), values: {} },
      {
        onSuccess: ({ data }) => {
          void message.success(t("api-settings.keys.rotated", { serial: data.platformKeySerial }));
          onRotated();
        },
      },
    );
  return (
    <Popconfirm
      title={t("api-settings.keys.rotateTitle")}
      description={confirmText(t("api-settings.keys.rotateText", { serial: app.platformKeySerial + 1 }))}
      okText={t("api-settings.keys.rotate")}
      okButtonProps={{ danger: true }}
      cancelText={t("common.cancel")}
      onConfirm={rotate}
    >
      <Button icon={<SyncOutlined aria-hidden />} loading={mutation.isPending}>
        {t("api-settings.keys.rotate")}
      </Button>
    </Popconfirm>
  );
}
