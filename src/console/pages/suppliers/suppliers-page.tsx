import { useCan, useCustom } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type SupplierAccountView, type SupplierCatalogState, supplierCalls, supplierCatalogCalls } from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { ListCard } from "../../../components/list-page";
import { message } from "../../../lib/toast";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";
import { useWholeList, WholeListActions, WholeListTable } from "../../whole-list";
import { SupplierCatalogDrawer } from "./supplier-catalog-drawer";
import { supplierColumns, supplierLaptopColumns, supplierPhoneColumns } from "./supplier-columns";
import { SupplierForm } from "./supplier-form";

/**
 * The supplier accounts fulfilment sends orders to (issues 16 and 19): each an adapter (the built-in simulator,
 * Reloadly, DingConnect) with its address and credentials, enabled or not, its health (the last balance check's
 * verdict: routes to an account that is down are tried last) and its synced catalog (the products routes are
 * picked from). A short list, read whole; "Check now" asks the balance at once, "Sync now" reads the catalog at
 * once, instead of at the next scheduled round; the catalog drawer lists the products and the syncs.
 */
export default function SuppliersPage() {
  const { t } = useTranslation();
  const mayCreate = useCan({ resource: "suppliers", action: "create" }).data?.can === true;
  const mayEdit = useCan({ resource: "suppliers", action: "edit" }).data?.can === true;
  const mayShow = useCan({ resource: "suppliers", action: "show" }).data?.can === true;
  const { query, editing, setEditing, saved } = useWholeList<SupplierAccountView>(supplierCalls.list, {
    loadFailed: "console-suppliers.loadFailed",
  });
  const { query: catalogsQuery } = useCustom<SupplierCatalogState[]>({
    ...customCall(supplierCatalogCalls.states),
    queryOptions: { retry: false },
  });
  const catalogs = new Map((catalogsQuery.data?.data ?? []).map((c) => [c.supplierId, c]));
  const [checking, setChecking] = useState<number | null>(null);
  const [syncing, setSyncing] = useState<number | null>(null);
  const [open, setOpen] = useState<SupplierAccountView | null>(null);

  const check = async (supplier: SupplierAccountView) => {
    setChecking(supplier.id);
    try {
      const checked = await consoleCall(supplierCalls.check, { params: { id: supplier.id } }).catch(() => null);
      if (!checked) return;
      const text = t("console-suppliers.checked", {
        name: checked.name,
        health: t(`console-suppliers.health.${checked.health}`),
      });
      void (checked.health === "up" ? message.success(text) : message.warning(text));
      await query.refetch();
    } finally {
      setChecking(null);
    }
  };

  const sync = async (supplier: SupplierAccountView) => {
    setSyncing(supplier.id);
    try {
      const done = await consoleCall(supplierCatalogCalls.sync, { params: { id: supplier.id } }).catch(() => null);
      if (!done) return; // the http client has said why
      if (done.state === "failed")
        void message.error(t("console-suppliers.catalog.syncFailed", { name: supplier.name, error: done.error }));
      else void message.success(t("console-suppliers.catalog.synced", { name: supplier.name, ...done }));
      await Promise.all([catalogsQuery.refetch(), query.refetch()]);
    } finally {
      setSyncing(null);
    }
  };

  const { columns, chooser } = useColumnChoice(
    "console-suppliers",
    supplierColumns(t, catalogs, {
      check: mayShow ? (s) => void check(s) : undefined,
      sync: mayEdit ? (s) => void sync(s) : undefined,
      open: mayShow ? setOpen : undefined,
      edit: mayEdit ? setEditing : undefined,
      busy: { checking, syncing },
    }),
    supplierPhoneColumns,
    supplierLaptopColumns,
  );

  return (
    <ListCard
      title={t("console-suppliers.title")}
      actions={
        <WholeListActions
          query={{
            isFetching: query.isFetching || catalogsQuery.isFetching,
            refetch: () => Promise.all([query.refetch(), catalogsQuery.refetch()]),
          }}
          createLabel={t("console-suppliers.create")}
          onCreate={mayCreate ? () => setEditing("new") : undefined}
          chooser={chooser}
        />
      }
    >
      <WholeListTable<SupplierAccountView> query={query} columns={columns} />
      <SupplierForm
        supplier={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      {open && <SupplierCatalogDrawer supplier={open} onClose={() => setOpen(null)} />}
    </ListCard>
  );
}
