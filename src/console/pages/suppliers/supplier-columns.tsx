import type { TableColumnsType } from "antd";
import { Button, Flex, Space, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type {
  CatalogSync,
  catalogSyncStates,
  SupplierAccountView,
  SupplierCatalogState,
  supplierHealths,
} from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { amountText } from "../../shared/cost-text";
import { WrappedText } from "../../shared/wrapped-text";

const healthColor: Record<(typeof supplierHealths)[number], string> = { up: "green", down: "red", unknown: "default" };
export const syncColor: Record<(typeof catalogSyncStates)[number], string> = {
  running: "processing",
  done: "green",
  failed: "red",
};

/** An error, wrapped within its column rather than cut. */
export const ErrorText = ({ text }: { text: string }) => (
  <WrappedText width={220}>
    <Typography.Text type="danger">{text}</Typography.Text>
  </WrappedText>
);

/**
 * A phone shows the account, its health and the actions; a laptop every column but whether the account is enabled
 * (a disabled one says so under its name).
 */
export const supplierPhoneColumns = ["supplier", "health", "actions"];
export const supplierLaptopColumns = ["supplier", "health", "balance", "catalog", "routes", "actions"];

/** A sync's state as a tag: "Synced", "Sync failed", "Syncing". */
export function SyncStateTag({ sync }: { sync: Pick<CatalogSync, "state"> }) {
  const { t } = useTranslation();
  return <Tag color={syncColor[sync.state]}>{t(`console-suppliers.catalog.syncStates.${sync.state}`)}</Tag>;
}

/** What a row's buttons do, each only for who may (undefined: not shown). */
export interface SupplierActions {
  check?: (s: SupplierAccountView) => void;
  sync?: (s: SupplierAccountView) => void;
  open?: (s: SupplierAccountView) => void;
  edit?: (s: SupplierAccountView) => void;
  busy: { checking: number | null; syncing: number | null };
}

/**
 * The supplier accounts' columns: who they are, whether they are up (the last balance check, checked again at
 * once from there) and what their catalog holds (the last sync, synced again at once from there; its products and
 * syncs open in a drawer), and editing the account.
 */
export function supplierColumns(
  t: TFunction,
  catalogs: ReadonlyMap<number, SupplierCatalogState>,
  actions: SupplierActions,
): TableColumnsType<SupplierAccountView> {
  const label = (field: string) => t(`console-suppliers.fields.${field}`);
  const link = (text: string, onClick: () => void, loading = false) => (
    <Button type="link" size="small" style={{ padding: 0 }} loading={loading} onClick={onClick}>
      {text}
    </Button>
  );
  return [
    {
      key: "supplier",
      title: label("supplier"),
      render: (_, s) => (
        <WrappedText width={220}>
          <Flex vertical gap={2} align="flex-start">
            <span>{s.name}</span>
            <Typography.Text type="secondary">{`${s.code} · ${t(`console-suppliers.kinds.${s.kind}`)}`}</Typography.Text>
            {!s.enabled && <Tag color="red">{t("enums.enabled.false")}</Tag>}
          </Flex>
        </WrappedText>
      ),
    },
    {
      key: "enabled",
      title: label("enabled"),
      render: (_, s) => <Tag color={s.enabled ? "green" : "red"}>{t(`enums.enabled.${s.enabled}`)}</Tag>,
    },
    {
      key: "health",
      title: label("health"),
      render: (_, s) => (
        <Flex vertical gap={2} align="flex-start">
          <Tag color={healthColor[s.health]}>{t(`console-suppliers.health.${s.health}`)}</Tag>
          {s.checkTime && (
            <Typography.Text type="secondary">
              {t("console-suppliers.checkedAt", { time: formatDateTime(s.checkTime) })}
            </Typography.Text>
          )}
          {s.lastError && <ErrorText text={s.lastError} />}
          {actions.check &&
            link(t("console-suppliers.check"), () => actions.check?.(s), actions.busy.checking === s.id)}
        </Flex>
      ),
    },
    {
      key: "balance",
      title: label("balance"),
      align: "right",
      render: (_, s) => amountText(s.balance, s.balanceCurrency),
    },
    {
      key: "catalog",
      title: label("catalog"),
      render: (_, s) => {
        const catalog = catalogs.get(s.id);
        const last = catalog?.lastSync;
        const products = t("console-suppliers.catalog.products", { count: catalog?.products ?? 0 });
        return (
          <Flex vertical gap={2} align="flex-start">
            {actions.open ? link(products, () => actions.open?.(s)) : <span>{products}</span>}
            {last ? (
              <Space size={4}>
                <SyncStateTag sync={last} />
                <Typography.Text type="secondary">{formatDateTime(last.finishTime ?? last.startTime)}</Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t("console-suppliers.catalog.neverSynced")}</Typography.Text>
            )}
            {last?.error && <ErrorText text={last.error} />}
            {actions.sync &&
              link(t("console-suppliers.catalog.sync"), () => actions.sync?.(s), actions.busy.syncing === s.id)}
          </Flex>
        );
      },
    },
    { key: "routes", title: label("routes"), align: "right", dataIndex: "routes" },
    {
      key: "actions",
      title: t("console.fields.actions"),
      fixed: "right",
      render: (_, s) => actions.edit && link(t("common.edit"), () => actions.edit?.(s)),
    },
  ];
}
