import { useCan } from "@refinedev/core";
import { Button, message, Space, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type SupplierAccountView, supplierCalls, type supplierHealths } from "#contracts";
import { ListCard } from "../../components/list-page";
import { formatDateTime } from "../../lib/date-format";
import { consoleCall } from "../console-session";
import { useWholeList, WholeListActions, WholeListTable } from "../whole-list";
import { SupplierForm } from "./supplier-form";
import { formatCost } from "./supplier-kinds";

const healthColor: Record<(typeof supplierHealths)[number], string> = { up: "green", down: "red", unknown: "default" };

/**
 * The supplier accounts fulfilment sends orders to (issue 16): each an adapter (the built-in simulator, Reloadly,
 * DingConnect) with its address and credentials, enabled or not, and its health: the last balance check's
 * verdict (routes to an account that is down are tried last). A short list, read whole; "Check now" asks the
 * balance at once instead of at the next scheduled check.
 */
export default function SuppliersPage() {
  const { t } = useTranslation();
  const mayCreate = useCan({ resource: "suppliers", action: "create" }).data?.can === true;
  const mayEdit = useCan({ resource: "suppliers", action: "edit" }).data?.can === true;
  const mayCheck = useCan({ resource: "suppliers", action: "show" }).data?.can === true;
  const { query, editing, setEditing, saved } = useWholeList<SupplierAccountView>(supplierCalls.list, {
    loadFailed: "console.suppliers.loadFailed",
  });
  const [checking, setChecking] = useState<number | null>(null);

  const check = async (supplier: SupplierAccountView) => {
    setChecking(supplier.id);
    try {
      const checked = await consoleCall(supplierCalls.check, { params: { id: supplier.id } }).catch(() => null);
      if (!checked) return;
      const text = t(`console.suppliers.health.${checked.health}`);
      if (checked.health === "up")
        void message.success(t("console.suppliers.checked", { name: checked.name, health: text }));
      else void message.warning(t("console.suppliers.checked", { name: checked.name, health: text }));
      await query.refetch();
    } finally {
      setChecking(null);
    }
  };

  const label = (field: string) => t(`console.suppliers.fields.${field}`);
  return (
    <ListCard
      title={t("console.resources.suppliers")}
      actions={
        <WholeListActions
          query={query}
          createLabel={t("console.suppliers.create")}
          onCreate={mayCreate ? () => setEditing("new") : undefined}
        />
      }
    >
      <WholeListTable<SupplierAccountView>
        query={query}
        columns={[
          { key: "code", title: label("code"), dataIndex: "code" },
          { key: "name", title: label("name"), dataIndex: "name" },
          { key: "kind", title: label("kind"), render: (_, s) => t(`console.suppliers.kinds.${s.kind}`) },
          { key: "baseUrl", title: label("baseUrl"), dataIndex: "baseUrl" },
          {
            key: "enabled",
            title: label("enabled"),
            render: (_, s) => <Tag color={s.enabled ? "green" : "red"}>{t(`enums.enabled.${s.enabled}`)}</Tag>,
          },
          {
            key: "health",
            title: label("health"),
            render: (_, s) => <Tag color={healthColor[s.health]}>{t(`console.suppliers.health.${s.health}`)}</Tag>,
          },
          {
            key: "balance",
            title: label("balance"),
            align: "right",
            render: (_, s) => (s.balance === null ? "-" : `${formatCost(s.balance)} ${s.balanceCurrency ?? ""}`.trim()),
          },
          { key: "checkTime", title: label("checkTime"), render: (_, s) => formatDateTime(s.checkTime) },
          {
            key: "lastError",
            title: label("lastError"),
            render: (_, s) =>
              s.lastError ? (
                <Tooltip title={s.lastError}>
                  <Typography.Text type="danger" ellipsis style={{ maxWidth: 240 }}>
                    {s.lastError}
                  </Typography.Text>
                </Tooltip>
              ) : (
                "-"
              ),
          },
          { key: "routes", title: label("routes"), align: "right", dataIndex: "routes" },
          {
            key: "actions",
            title: t("console.fields.actions"),
            fixed: "right",
            render: (_, s) => (
              <Space size={0}>
                {mayCheck && (
                  <Button type="link" size="small" loading={checking === s.id} onClick={() => void check(s)}>
                    {t("console.suppliers.check")}
                  </Button>
                )}
                {mayEdit && (
                  <Button type="link" size="small" onClick={() => setEditing(s)}>
                    {t("common.edit")}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <SupplierForm
        supplier={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
    </ListCard>
  );
}
