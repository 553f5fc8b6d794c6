import { ReadOutlined } from "@ant-design/icons";
import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Skeleton, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiApp, type ApiSecret, PORTAL_BASE, systemCalls } from "#contracts";
import { PageTitle } from "../../components/page-title";
import { SINGLETON_ID } from "../../resources";
import { ApiSettingsDetails } from "./api-settings-details";
import { ApiSettingsEditForm } from "./api-settings-edit-form";
import { DeliveryLog } from "./delivery-log";
import { RequestLog } from "./request-log";
import { SecretModal } from "./secret-modal";

/** docs/open-api.md as the server serves it (modules/system/open-api-reference.ts). */
const OPEN_API_REFERENCE = `${PORTAL_BASE}${systemCalls.openApiReference.path}`;

/**
 * API Settings (admin only): the merchant's Open API application, created by the server on the first visit,
 * and the log of callbacks and notifications sent to it.
 */
export default function ApiSettingsShowPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [newSecret, setNewSecret] = useState<ApiSecret | null>(null);
  const { result: app, query } = useOne<ApiApp>({ resource: "api-settings", id: SINGLETON_ID });
  const refresh = () => void query.refetch();

  let body = <Skeleton active />;
  if (query.isError) body = <Alert type="error" showIcon message={query.error.message} />;
  else if (app)
    body = editing ? (
      <ApiSettingsEditForm app={app} onDone={() => setEditing(false)} />
    ) : (
      <ApiSettingsDetails
        app={app}
        onChanged={refresh}
        onSecret={(secret) => {
          setNewSecret(secret);
          refresh();
        }}
      />
    );

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Card
        title={<PageTitle>{t("api-settings.titles.settings")}</PageTitle>}
        extra={
          <Space wrap>
            {/* The reference opens beside the settings: a developer reads it while copying the AppID and keys. */}
            <Button
              type="link"
              icon={<ReadOutlined aria-hidden />}
              href={OPEN_API_REFERENCE}
              target="_blank"
              rel="noopener"
            >
              {t("api-settings.reference")}
            </Button>
            {app && !editing ? (
              <Button type="primary" onClick={() => setEditing(true)}>
                {t("common.edit")}
              </Button>
            ) : null}
          </Space>
        }
      >
        {body}
      </Card>
      <DeliveryLog />
      <RequestLog />
      <SecretModal secret={newSecret} onClose={() => setNewSecret(null)} />
    </Space>
  );
}
