import { KeyOutlined, SyncOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Button, Popconfirm, Radio, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiApp, type ApiSecret, apiSettingsCalls, type PlatformKey, SECRET_OVERLAP_HOURS } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { message } from "../../lib/toast";
import { useAppCall } from "./environment";

const confirmText = (text: string) => <div style={{ maxWidth: 360 }}>{text}</div>;

/**
 * Generates the merchant secret; replacing an existing one asks first, and how long the old secret keeps working
 * (a day unless chosen otherwise: time for every server to switch). Failures are already reported by the http
 * client.
 */
export function SecretButton({ app, onGenerated }: { app: ApiApp; onGenerated: (secret: ApiSecret) => void }) {
  const { t } = useTranslation();
  const appCall = useAppCall();
  const { mutate, mutation } = useCustomMutation<ApiSecret>();
  const [overlapHours, setOverlapHours] = useState<(typeof SECRET_OVERLAP_HOURS)[number]>(24);
  const generate = () =>
    mutate(
      { ...appCall(apiSettingsCalls.rotateSecret), values: { overlapHours: app.secretMasked ? overlapHours : 0 } },
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
      description={
        <Space direction="vertical" style={{ maxWidth: 360 }}>
          {t("api-settings.secret.rotateText")}
          <Radio.Group
            aria-label={t("api-settings.secret.overlapLabel")}
            value={overlapHours}
            onChange={(e) => setOverlapHours(e.target.value)}
            options={SECRET_OVERLAP_HOURS.map((h) => ({ value: h, label: t(`api-settings.secret.overlap.h${h}`) }))}
          />
        </Space>
      }
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

/** While the previous secret is still accepted: until when, and ending that now. */
export function PreviousSecret({ app, onRevoked }: { app: ApiApp; onRevoked: () => void }) {
  const { t } = useTranslation();
  const appCall = useAppCall();
  const { mutate, mutation } = useCustomMutation<ApiApp>();
  if (!app.previousSecretUntil) return null;
  const revoke = () =>
    mutate(
      { ...appCall(apiSettingsCalls.revokePreviousSecret), values: {} },
      {
        onSuccess: () => {
          void message.success(t("api-settings.secret.revoked"));
          onRevoked();
        },
      },
    );
  return (
    <Space wrap>
      <Typography.Text type="warning">
        {t("api-settings.secret.previousUntil", { time: formatDateTime(app.previousSecretUntil) })}
      </Typography.Text>
      <Popconfirm
        title={t("api-settings.secret.revokeTitle")}
        description={confirmText(t("api-settings.secret.revokeText"))}
        okText={t("api-settings.secret.revoke")}
        okButtonProps={{ danger: true }}
        cancelText={t("common.cancel")}
        onConfirm={revoke}
      >
        <Button size="small" danger loading={mutation.isPending}>
          {t("api-settings.secret.revoke")}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** A new platform key pair: callbacks and answers are signed with it from now on, under the next serial. */
export function PlatformKeyRotation({ app, onRotated }: { app: ApiApp; onRotated: () => void }) {
  const { t } = useTranslation();
  const appCall = useAppCall();
  const { mutate, mutation } = useCustomMutation<PlatformKey>();
  const rotate = () =>
    mutate(
      { ...appCall(apiSettingsCalls.rotateKey), values: {} },
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
