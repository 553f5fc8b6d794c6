import { useCustomMutation } from "@refinedev/core";
import { Alert, Input, Select, Space, Table } from "antd";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Delivery, type DeliveryListQuery, deliveryCalls, deliveryChannels, deliveryStatuses } from "#contracts";
import { ListCard, RefreshButton, tableLoading } from "../../components/list-page";
import { usePagedCall } from "../../components/use-paged-call";
import { VisuallyHidden } from "../../components/visually-hidden";
import { message } from "../../lib/toast";
import { onDataChanged } from "../../providers/http-client";
import { DeliveryAttempts } from "./delivery-attempts";
import { deliveryColumns } from "./delivery-columns";
import { useAppCall, useEnvironmentQuery } from "./environment";

/** Callbacks and notifications sent to the merchant, newest first, with a resend per event. */
export function DeliveryLog() {
  const { t } = useTranslation();
  // Each failure is already reported by the http client and shown above the table.
  const appCall = useAppCall();
  const paged = usePagedCall<Delivery, DeliveryListQuery>(deliveryCalls.list, {
    query: useEnvironmentQuery(),
  });
  const { query } = paged;
  const { refetch } = query;
  const { mutate, mutation } = useCustomMutation<Delivery>();
  const resending = mutation.isPending ? ((mutation.variables?.meta?.id as number | undefined) ?? null) : null;

  const columns = useMemo(() => {
    const resend = (d: Delivery) =>
      mutate(
        { ...appCall(deliveryCalls.resend, d, { id: d.id }), values: {} },
        {
          // The Resend is tried at once: say how it went (a failed one leaves the automatic schedule as it was).
          onSuccess: ({ data }) => {
            if (data.status === "delivered" && data.lastError === null)
              void message.success(t("api-settings.deliveries.resentDelivered"));
            else void message.warning(t("api-settings.deliveries.resentFailed", { reason: data.lastError ?? "" }));
          },
        },
      );
    return deliveryColumns(t, resend, resending);
  }, [t, mutate, resending, appCall]);
  // Reads again after any change made from this page: a resend, a test callback (both answered at once).
  useEffect(() => onDataChanged(() => void refetch()), [refetch]);

  const filter = (change: Partial<DeliveryListQuery>) => paged.searchFor({ ...paged.search, ...change });
  const option = (group: string) => (value: string) => ({
    value,
    label: t(`api-settings.deliveries.${group}.${value}`),
  });

  return (
    <ListCard title={t("api-settings.titles.deliveries")} actions={<RefreshButton query={query} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          aria-label={t("api-settings.deliveries.fields.channel")}
          placeholder={t("api-settings.deliveries.fields.channel")}
          style={{ minWidth: 160 }}
          options={deliveryChannels.map(option("channels"))}
          onChange={(channel?: DeliveryListQuery["channel"]) => filter({ channel })}
        />
        <Select
          allowClear
          aria-label={t("api-settings.deliveries.fields.status")}
          placeholder={t("api-settings.deliveries.fields.status")}
          style={{ minWidth: 160 }}
          options={deliveryStatuses.map(option("statuses"))}
          onChange={(status?: DeliveryListQuery["status"]) => filter({ status })}
        />
        <Input.Search
          allowClear
          aria-label={t("api-settings.deliveries.fields.orderNo")}
          placeholder={t("api-settings.deliveries.fields.orderNo")}
          maxLength={64}
          onSearch={(value) => filter({ orderNo: value.trim() || undefined })}
        />
      </Space>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("api-settings.deliveries.loadFailed", { reason: query.error.message })}
        />
      )}
      <Table<Delivery>
        {...paged.tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        loading={tableLoading(query)}
        expandable={{
          columnTitle: <VisuallyHidden>{t("common.rowDetails")}</VisuallyHidden>,
          expandedRowRender: (d) => <DeliveryAttempts id={d.id} />,
        }}
      />
    </ListCard>
  );
}
