import { ReadOutlined } from "@ant-design/icons";
import { useOne } from "@refinedev/core";
import { Alert, Button, Skeleton, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiApp, type ApiSecret, PORTAL_BASE, systemCalls } from "#contracts";
import { ListCard } from "../../components/list-page";
import { SINGLETON_ID } from "../../resources";
import { ApiSettingsDetails } from "./api-settings-details";
import { ApiSettingsEditForm } from "./api-settings-edit-form";
import { DeliveryLog } from "./delivery-log";
import { useApiEnvironment, useEnvironmentQuery } from "./environment";
import { RequestLog } from "./request-log";
import { SandboxBalanceCard } from "./sandbox-balance";
import { SecretModal } from "./secret-modal";

/** docs/open-api.md as the server serves it (modules/system/open-api-reference.ts). */
const OPEN_API_REFERENCE = `${PORTAL_BASE}${systemCalls.openApiReference.path}`;

/**
 * One application (live or sandbox, from the context): created by the server on the first visit, its settings,
 * the sandbox's play balance, and the logs of callbacks sent to it and requests it made.
 */
export function ApiEnvironmentPanel() {
  const { t } = useTranslation();
  const environment = useApiEnvironment();
  const [editing, setEditing] = useState(false);
  const [newSecret, setNewSecret] = useState<ApiSecret | null>(null);
  const { result: app, query } = useOne<ApiApp>({
    resource: "api-settings",
    id: SINGLETON_ID,
    meta: { query: useEnvironmentQuery() },
  });
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
      {/* The list's card: its title and buttons share a row that wraps, so a phone shows the whole title. */}
      <ListCard
        title={t(`api-settings.titles.${environment}`)}
        actions={
          <Space wrap>
            {/* The reference opens beside the settings: a developer reads it while copying the AppID and keys. */}
            <Button
              type="link"
              icon={<ReadOutlined aria-hidden />}
              href={environment === "sandbox" ? `${OPEN_API_REFERENCE}#sandbox` : OPEN_API_REFERENCE}
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
        {environment === "sandbox" && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("api-settings.sandbox.intro")} />
        )}
        {body}
      </ListCard>
      {environment === "sandbox" && <SandboxBalanceCard />}
      <DeliveryLog />
      <RequestLog />
      <SecretModal secret={newSecret} onClose={() => setNewSecret(null)} />
    </Space>
  );
}
