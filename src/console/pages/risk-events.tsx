import { type CrudFilter, type HttpError, useCustom } from "@refinedev/core";
import { Button, DatePicker, Flex, Form, Input, Select, Table, Tag } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Page, type RiskEvent, type RiskRule, riskCalls, riskEventQuery, riskRules } from "#contracts";
import { DEFAULT_LIST_PAGE_SIZE, listPagination, RefreshButton, useLoadFailure } from "../../components/list-page";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { zodRule } from "../../lib/zod-rule";
import { customCall } from "../../providers/api-call";

interface Search {
  rule?: RiskRule;
  merchantNo?: string;
  rechargeAccount?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

const searchFilters = (values: Search): CrudFilter[] => {
  const [start, end] = values.time ?? [];
  const text = (v?: string) => v?.trim() || undefined;
  return [
    { field: "rule", operator: "eq", value: values.rule },
    { field: "merchantNo", operator: "eq", value: text(values.merchantNo) },
    { field: "rechargeAccount", operator: "eq", value: text(values.rechargeAccount) },
    { field: "startTime", operator: "eq", value: start?.startOf("second").toISOString() },
    { field: "endTime", operator: "eq", value: end?.endOf("second").toISOString() },
  ];
};

const ruleColor: Record<RiskRule, string> = {
  blockedAccount: "red",
  dailyAmount: "orange",
  dailyCount: "orange",
  velocity: "gold",
  cooling: "blue",
};

/** The orders the risk rules refused (nothing else of them was written), newest first, searched like the audit log. */
export function RiskEvents() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: DEFAULT_LIST_PAGE_SIZE });
  const [filters, setFilters] = useState<CrudFilter[]>([]);
  const { query } = useCustom<Page<RiskEvent>, HttpError>({
    ...customCall(riskCalls.events),
    config: { query: paging, filters },
    queryOptions: { retry: false },
  });
  useLoadFailure(query.error, "console.risk.events.loadFailed");

  const page = query.data?.data;
  const label = (field: string) => t(`console.risk.events.fields.${field}`);
  const shape = riskEventQuery.shape;
  return (
    <>
      <Flex wrap align="flex-start" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Form<Search>
          name="risk-events-search"
          layout="inline"
          style={{ rowGap: 8, flex: 1 }}
          onFinish={(values) => {
            setFilters(searchFilters(values));
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          <Form.Item name="rule" label={label("rule")}>
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t("common.filters.any")}
              options={riskRules.map((r) => ({ value: r, label: t(`console.risk.rules.${r}`) }))}
            />
          </Form.Item>
          <Form.Item name="merchantNo" label={t("console.fields.merchantNo")} rules={[zodRule(shape.merchantNo, t)]}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="rechargeAccount"
            label={label("rechargeAccount")}
            rules={[zodRule(shape.rechargeAccount, t)]}
          >
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="time" label={label("time")}>
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              placeholder={[t("common.filters.startTime"), t("common.filters.endTime")]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t("common.filters.search")}
          </Button>
        </Form>
        <RefreshButton query={query} />
      </Flex>
      <Table<RiskEvent>
        rowKey="id"
        loading={query.isFetching}
        dataSource={page?.list ?? []}
        scroll={{ x: "max-content" }}
        pagination={listPagination(
          {
            current: paging.pageNum,
            pageSize: paging.pageSize,
            total: page?.total ?? 0,
            onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
          },
          t,
        )}
        columns={[
          { key: "time", title: label("time"), render: (_, e) => formatDateTime(e.time) },
          {
            key: "rule",
            title: label("rule"),
            render: (_, e) => <Tag color={ruleColor[e.rule]}>{t(`console.risk.rules.${e.rule}`)}</Tag>,
          },
          {
            key: "merchant",
            title: t("console.fields.merchant"),
            render: (_, e) => `${e.merchantName} (${e.merchantNo})`,
          },
          { key: "rechargeAccount", title: label("rechargeAccount"), render: (_, e) => e.rechargeAccount || "-" },
          {
            key: "amount",
            title: label("amount"),
            align: "right",
            render: (_, e) => `${formatMoney(e.amount)} ${e.currency}`,
          },
          {
            key: "source",
            title: label("source"),
            render: (_, e) => t(`console.risk.sources.${e.source}`, { defaultValue: e.source }),
          },
          { key: "merchantOrderNo", title: label("merchantOrderNo"), render: (_, e) => e.merchantOrderNo || "-" },
        ]}
      />
    </>
  );
}
