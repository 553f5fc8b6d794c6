import { Alert, Descriptions, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ApiApp, ApiSecret } from "#contracts";
import { useCompactList } from "../../components/column-chooser";
import { formatDateTime } from "../../lib/date-format";
import { PlatformKeyRotation, PreviousSecret, SecretButton } from "./key-rotation";
import { TestCallbackButton } from "./test-callback-button";

/** A PEM block as it is pasted into a verifier, with a copy button. */
function Pem({ pem }: { pem: string }) {
  return (
    <Typography.Paragraph copyable={{ text: pem.trim() }} style={{ marginBottom: 0 }}>
      <pre style={{ fontSize: 12, margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>{pem.trim()}</pre>
    </Typography.Paragraph>
  );
}

/** The application as an integrating developer reads it; the secret only ever as its mask. */
export function ApiSettingsDetails({
  app,
  onSecret,
  onChanged,
}: {
  app: ApiApp;
  onSecret: (secret: ApiSecret) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const label = (name: string) => t(`api-settings.fields.${name}`);
  const orNotSet = (value: string, shown: ReactNode = value) => (value ? shown : t("api-settings.notSet"));
  const needsSecret = app.keyType === "HMAC" && !app.secretMasked;
  const phone = useCompactList();
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {needsSecret && <Alert type="warning" showIcon message={t("api-settings.secret.noneWarning")} />}
      {/* A phone puts each label above its value, and long values (keys, URLs) wrap inside the card. */}
      <Descriptions
        bordered
        column={1}
        layout={phone ? "vertical" : "horizontal"}
        styles={{ label: phone ? {} : { width: 220 }, content: { wordBreak: "break-word", minWidth: 0 } }}
      >
        <Descriptions.Item label={label("merchantNo")}>{app.merchantNo}</Descriptions.Item>
        <Descriptions.Item label={label("appId")}>
          <Typography.Text copyable>{app.appId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={label("keyType")}>{t(`api-settings.keyTypes.${app.keyType}`)}</Descriptions.Item>
        <Descriptions.Item label={label("secret")}>
          <Space wrap>
            {app.secretMasked ? (
              <Typography.Text code>{app.secretMasked}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t("api-settings.secret.none")}</Typography.Text>
            )}
            {app.secretCreateTime && (
              <Typography.Text type="secondary">
                {label("secretCreateTime")}: {formatDateTime(app.secretCreateTime)}
              </Typography.Text>
            )}
            <SecretButton app={app} onGenerated={onSecret} />
            <PreviousSecret app={app} onRevoked={onChanged} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={label("platformPublicKey")}>
          <Space direction="vertical" style={{ width: "100%" }}>
            <Space wrap>
              <Tag color="blue">
                {label("platformKeySerial")}: {app.platformKeySerial}
              </Tag>
              <PlatformKeyRotation app={app} onRotated={onChanged} />
            </Space>
            <Pem pem={app.platformPublicKey} />
            <Typography.Text type="secondary">{t("api-settings.help.platformPublicKey")}</Typography.Text>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={label("merchantPublicKey")}>
          {orNotSet(app.merchantPublicKey, <Pem pem={app.merchantPublicKey} />)}
        </Descriptions.Item>
        <Descriptions.Item label={label("callbackUrl")}>
          <Space wrap>
            {orNotSet(app.callbackUrl)}
            <TestCallbackButton disabled={!app.callbackUrl} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={label("notifyUrl")}>{orNotSet(app.notifyUrl)}</Descriptions.Item>
        <Descriptions.Item label={label("ipWhitelist")}>
          {app.ipWhitelist || t("api-settings.anyAddress")}
        </Descriptions.Item>
        <Descriptions.Item label={label("lowBalanceThreshold")}>
          {orNotSet(app.lowBalanceThreshold, `${app.lowBalanceThreshold} ${app.currency}`)}
        </Descriptions.Item>
        <Descriptions.Item label={label("updateTime")}>{formatDateTime(app.updateTime)}</Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
