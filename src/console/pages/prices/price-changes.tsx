import { Button, Flex, Popconfirm, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { type PriceChange, priceCalls, type priceChangeStates } from "#contracts";
import { RefreshButton, tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { formatDateTime } from "../../../lib/date-format";
import { message } from "../../../lib/toast";
import { consoleCall } from "../../console-session";
import { changeValueText, type PriceListTabProps, useRefetchOn } from "./price-common";

const stateColor: Record<(typeof priceChangeStates)[number], string> = {
  scheduled: "blue",
  effective: "green",
  cancelled: "default",
};

/**
 * A price list's changes, newest first: what each did, from when, to how many SKUs, by whom. A change not yet in
 * effect can be cancelled (its prices go with it); one in effect is undone by another change.
 */
export function PriceChanges({ list, mayEdit, revision, onChanged }: PriceListTabProps) {
  const { t } = useTranslation();
  const changes = usePagedCall<PriceChange>(priceCalls.changes, {
    params: { id: list.id },
    loadFailed: "console-prices.changesLoadFailed",
  });
  const { query } = changes;
  useRefetchOn(revision, query);

  const cancel = async (change: PriceChange) => {
    const cancelled = await consoleCall(priceCalls.cancelChange, {
      params: { id: list.id, changeId: change.id },
    }).catch(() => null); // the http client has said why
    if (!cancelled) return;
    void message.success(t("console-prices.cancelled", { time: formatDateTime(cancelled.effectiveTime) }));
    onChanged();
  };

  const label = (field: string) => t(`console-prices.changeFields.${field}`);
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <RefreshButton query={query} />
      </Flex>
      <Table<PriceChange>
        {...changes.tableProps}
        rowKey="id"
        loading={tableLoading(query)}
        columns={[
          { key: "kind", title: label("kind"), render: (_, c) => t(`console-prices.kinds.${c.kind}`) },
          { key: "value", title: label("value"), render: (_, c) => changeValueText(t, c, list.currency) },
          { key: "effectiveTime", title: label("effectiveTime"), render: (_, c) => formatDateTime(c.effectiveTime) },
          {
            key: "state",
            title: label("state"),
            render: (_, c) => <Tag color={stateColor[c.state]}>{t(`console-prices.states.${c.state}`)}</Tag>,
          },
          { key: "skus", title: label("skus"), align: "right", dataIndex: "skus" },
          { key: "createdBy", title: label("createdBy"), dataIndex: "createdBy" },
          { key: "createTime", title: label("createTime"), render: (_, c) => formatDateTime(c.createTime) },
          ...(mayEdit
            ? [
                {
                  key: "actions",
                  title: t("console.fields.actions"),
                  fixed: "right" as const,
                  render: (_: unknown, c: PriceChange) =>
                    c.state === "scheduled" && (
                      <Popconfirm
                        title={t("console-prices.confirmCancel", { time: formatDateTime(c.effectiveTime) })}
                        okText={t("console-prices.cancelChange")}
                        cancelText={t("console-prices.keepChange")}
                        onConfirm={() => cancel(c)}
                      >
                        <Button type="link" size="small" danger>
                          {t("console-prices.cancelChange")}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
