import { Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type ApiEnvironment, apiEnvironments } from "#contracts";
import { ApiEnvironmentPanel } from "./api-environment-panel";
import { ApiEnvironmentProvider } from "./environment";

const isEnvironment = (value: string | null): value is ApiEnvironment =>
  apiEnvironments.includes(value as ApiEnvironment);

/**
 * API Settings (admin only): the merchant's two Open API applications, live and sandbox, each with its keys,
 * callback addresses, delivery log and recent requests. The tab is in the address (`?environment=sandbox`), so a
 * developer can bookmark or share the sandbox's.
 */
export default function ApiSettingsShowPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get("environment");
  const environment: ApiEnvironment = isEnvironment(requested) ? requested : "live";
  return (
    <Tabs
      activeKey={environment}
      onChange={(key) => setSearch(key === "live" ? {} : { environment: key }, { replace: true })}
      destroyOnHidden
      items={apiEnvironments.map((key) => ({
        key,
        label: t(`api-settings.environments.${key}`),
        children: (
          <ApiEnvironmentProvider value={key}>
            <ApiEnvironmentPanel />
          </ApiEnvironmentProvider>
        ),
      }))}
    />
  );
}
