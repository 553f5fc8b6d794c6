import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Input, message, Select, Space, Table } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  apiSettingsCalls,
  type Delivery,
  type DeliveryListQuery,
  deliveryChannels,
  deliveryStatuses,
  type Page,
} from "#contracts";
import { DEFAULT_LIST_PAGE_SIZE, ListCard, listPagination, RefreshButton } from "../../components/list-page";
import { customCall } from "../../providers/api-call";
import { DeliveryAttempts } from "./delivery-attempts";
import { deliveryColumns } from "./delivery-columns";

/** Callbacks and notifications sent to the merchant, newest first, with a resend per event. */
export function DeliveryLog() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: DEFAULT_LIST_PAGE_SIZE });
  const [filters, setFilters] = useState<DeliveryListQuery>({});
  const { query } = useCustom<Page<Delivery>>({
    ...customCall(apiSettingsCalls.deliveries),
    config: { query: { ...paging, ...filters } },
    // Each failure is already reported by the http client and shown in the table; retrying would repeat both.
    queryOptions: { retry: false },
  });
  const { refetch } = query;
  const { mutate, mutation } = useCustomMutation<Delivery>();
  const resending = mutation.isPending ? ((mutation.variables?.meta?.id as number | undefined) ?? null) : null;

  const columns = useMemo(() => {
    const resend = (d: Delivery) =>
      mutate(
        { ...customCall(apiSettingsCalls.resend, d), values: {}, meta: { id: d.id } },
        {
          // The Resend is tried at once: say how it went (a failed one leaves the automatic schedule as it was).
          onSuccess: ({ data }) => {
            if (data.status === "delivered" && data.lastError === null)
              void message.success(t("api-settings.deliveries.resentDelivered"));
            else void message.warning(t("api-settings.deliveries.resentFailed", { reason: data.lastError ?? "" }));
            void refetch();
          },
        },
      );
    return deliveryColumns(t, resend, resending);
  }, [t, mutate, refetch, resending]);

  const filter = (change: Partial<DeliveryListQuery>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPaging((current) => ({ ...current, pageNum: 1 }));
  };
  const page = query.data?.data;
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
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: "max-content" }}
        expandable={{ expandedRowRender: (d) => <DeliveryAttempts id={d.id} /> }}
        pagination={listPagination(
          {
            current: paging.pageNum,
            pageSize: paging.pageSize,
            total: page?.total ?? 0,
            onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
          },
          t,
        )}
      />
    </ListCard>
  );
}
