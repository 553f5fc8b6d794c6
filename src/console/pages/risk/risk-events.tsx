import { Button, DatePicker, Flex, Form, Input, Select, Table, Tag } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { type RiskEvent, type RiskRule, riskCalls, riskEventQuery, riskRules } from "#contracts";
import { RefreshButton, tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { zodRule } from "../../../lib/zod-rule";
import { WrappedText } from "../../shared/wrapped-text";

interface Search {
  rule?: RiskRule;
  merchantNo?: string;
  rechargeAccount?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values as the events call's query (empty ones left out). */
const searchQuery = (values: Search) => {
  const [start, end] = values.time ?? [];
  const text = (v?: string) => v?.trim() || undefined;
  return {
    rule: values.rule,
    merchantNo: text(values.merchantNo),
    rechargeAccount: text(values.rechargeAccount),
    startTime: start?.startOf("second").toISOString(),
    endTime: end?.endOf("second").toISOString(),
  };
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
  const paged = usePagedCall<RiskEvent, ReturnType<typeof searchQuery>>(riskCalls.events, {
    loadFailed: "console-risk.events.loadFailed",
  });
  const { query } = paged;
  const label = (field: string) => t(`console-risk.events.fields.${field}`);
  const shape = riskEventQuery.shape;
  return (
    <>
      <Flex wrap align="flex-start" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Form<Search>
          name="risk-events-search"
          layout="inline"
          style={{ rowGap: 8, flex: 1 }}
          onFinish={(values) => {
            paged.searchFor(searchQuery(values));
          }}
        >
          <Form.Item name="rule" label={label("rule")}>
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t("common.filters.any")}
              options={riskRules.map((r) => ({ value: r, label: t(`console-risk.rules.${r}`) }))}
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
        {...paged.tableProps}
        rowKey="id"
        loading={tableLoading(query)}
        columns={[
          { key: "time", title: label("time"), render: (_, e) => formatDateTime(e.time) },
          {
            key: "rule",
            title: label("rule"),
            render: (_, e) => <Tag color={ruleColor[e.rule]}>{t(`console-risk.rules.${e.rule}`)}</Tag>,
          },
          {
            key: "merchant",
            title: t("console.fields.merchant"),
            render: (_, e) => <WrappedText width={200}>{`${e.merchantName} (${e.merchantNo})`}</WrappedText>,
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
            render: (_, e) => t(`console-risk.sources.${e.source}`, { defaultValue: e.source }),
          },
          { key: "merchantOrderNo", title: label("merchantOrderNo"), render: (_, e) => e.merchantOrderNo || "-" },
        ]}
      />
    </>
  );
}
