import { Button, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type BinEntry, catalogCalls } from "#contracts";
import { RefreshButton, tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { formatDateTime } from "../../../lib/date-format";
import { message } from "../../../lib/toast";
import { consoleCall } from "../../console-session";

/** What a bin row is called in messages: "ACME-MOBILE" or "ACME-MOBILE / CNY10". */
const entryName = (e: BinEntry) => (e.skuCode ? `${e.productCode} / ${e.skuCode}` : e.productCode);

/**
 * The recycle bin, newest first: deleted products (with their SKUs) and deleted SKUs of live products. Restoring
 * puts one back as it was; purging deletes it for good, which the server allows only when no order refers to it
 * and only with the staff member's MFA code again (step-up, asked by the HTTP client).
 */
export function CatalogBin({ mayDelete }: { mayDelete: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const paged = usePagedCall<BinEntry>(catalogCalls.bin, { loadFailed: "console-catalog.bin.loadFailed" });
  const { query } = paged;

  const act = async (entry: BinEntry, action: "restore" | "purge") => {
    setBusy(`${entry.kind}-${entry.id}`);
    try {
      await consoleCall(catalogCalls[action], { params: { kind: entry.kind, id: entry.id } });
    } catch {
      return; // the http client has said why
    } finally {
      setBusy(null);
    }
    void message.success(t(`console-catalog.bin.${action}d`, { name: entryName(entry) }));
    void query.refetch();
  };

  const label = (field: string) => t(`console-catalog.bin.fields.${field}`);
  return (
    <>
      <Flex wrap align="center" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t("console-catalog.bin.intro")}</Typography.Text>
        <RefreshButton query={query} />
      </Flex>
      <Table<BinEntry>
        {...paged.tableProps}
        rowKey={(e) => `${e.kind}-${e.id}`}
        loading={tableLoading(query)}
        columns={[
          {
            key: "kind",
            title: label("kind"),
            render: (_, e) => (
              <Tag color={e.kind === "product" ? "blue" : "default"}>{t(`console-catalog.bin.kinds.${e.kind}`)}</Tag>
            ),
          },
          {
            key: "product",
            title: label("product"),
            render: (_, e) => (
              <>
                <div>{e.productName}</div>
                <Typography.Text type="secondary">{e.productCode}</Typography.Text>
              </>
            ),
          },
          {
            key: "sku",
            title: label("sku"),
            render: (_, e) => (e.skuCode ? `${e.skuCode} · ${e.spec ?? ""}` : "-"),
          },
          { key: "deleteTime", title: label("deleteTime"), render: (_, e) => formatDateTime(e.deleteTime) },
          { key: "orders", title: label("orders"), dataIndex: "orders", align: "right" },
          ...(mayDelete
            ? [
                {
                  key: "actions",
                  title: t("console.fields.actions"),
                  fixed: "right" as const,
                  render: (_: unknown, e: BinEntry) => (
                    <BinActions entry={e} busy={busy === `${e.kind}-${e.id}`} onAct={(a) => act(e, a)} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

function BinActions({
  entry,
  busy,
  onAct,
}: {
  entry: BinEntry;
  busy: boolean;
  onAct: (action: "restore" | "purge") => Promise<void>;
}) {
  const { t } = useTranslation();
  const name = entryName(entry);
  const purge = (
    <Button
      type="link"
      size="small"
      danger
      disabled={entry.orders > 0 || busy}
      aria-label={t("console-catalog.bin.purgeOne", { name })}
    >
      {t("console-catalog.bin.purge")}
    </Button>
  );
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        loading={busy}
        aria-label={t("console-catalog.bin.restoreOne", { name })}
        onClick={() => void onAct("restore")}
      >
        {t("console-catalog.bin.restore")}
      </Button>
      {entry.orders > 0 ? (
        // A disabled button gets no pointer events: the tooltip listens on a wrapper.
        <Tooltip title={t("console-catalog.bin.purgeBlocked", { orders: entry.orders })}>
          <span>{purge}</span>
        </Tooltip>
      ) : (
        <Popconfirm
          title={t("console-catalog.bin.purgeConfirm", { name })}
          okText={t("console-catalog.bin.purge")}
          okButtonProps={{ danger: true }}
          cancelText={t("common.cancel")}
          onConfirm={() => onAct("purge")}
        >
          {purge}
        </Popconfirm>
      )}
    </Space>
  );
}
