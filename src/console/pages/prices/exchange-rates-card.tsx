import { type HttpError, useCan, useCustom } from "@refinedev/core";
import { Button, Card, Empty, Form, Input, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ExchangeRate, type ExchangeRateBody, exchangeRateBody, exchangeRateCalls } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { RefreshButton, tableLoading, useLoadFailure } from "../../../components/list-page";
import { formatDateTime } from "../../../lib/date-format";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";
import { rateText } from "../../shared/cost-text";

const shape = exchangeRateBody.shape;

/**
 * The exchange rates finance sets (contracts/exchange-rates.ts): what turns a supplier's cost into a price list's
 * currency for the margins above, the loss check before an order is sent and each attempt's cost. Each pair's rate
 * now, when and by whom it was set; with prices:edit, a new rate for a pair (the old ones stay as history).
 */
export function ExchangeRatesCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const mayEdit = useCan({ resource: "prices", action: "edit" }).data?.can === true;
  const { query } = useCustom<ExchangeRate[], HttpError>({
    ...customCall(exchangeRateCalls.list),
    queryOptions: { retry: false },
  });
  useLoadFailure(query.error, "console-prices.exchangeRates.loadFailed");
  const [editing, setEditing] = useState<Partial<ExchangeRate> | null>(null);
  const label = (field: string) => t(`console-prices.exchangeRates.fields.${field}`);

  return (
    <Card
      title={t("console-prices.exchangeRates.title")}
      extra={
        <Space>
          {mayEdit && (
            <Button type="primary" onClick={() => setEditing({})}>
              {t("console-prices.exchangeRates.set")}
            </Button>
          )}
          <RefreshButton query={query} />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t("console-prices.exchangeRates.hint")}</Typography.Paragraph>
      <Table<ExchangeRate>
        rowKey={(r) => `${r.base}/${r.quote}`}
        size="small"
        loading={tableLoading(query)}
        dataSource={query.data?.data ?? []}
        pagination={false}
        scroll={{ x: "max-content" }}
        // antd's own empty state: a bare text there is drawn in a colour too faint to read (axe: color-contrast).
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("console-prices.exchangeRates.empty")} />
          ),
        }}
        columns={[
          { key: "pair", title: label("pair"), render: (_, r) => `${r.base} → ${r.quote}` },
          {
            key: "rate",
            title: label("rate"),
            render: (_, r) =>
              t("console-prices.exchangeRates.reads", { base: r.base, rate: rateText(r.rate), quote: r.quote }),
          },
          { key: "setTime", title: label("setTime"), render: (_, r) => formatDateTime(r.setTime) },
          { key: "setBy", title: label("setBy"), dataIndex: "setBy" },
          ...(mayEdit
            ? [
                {
                  key: "actions",
                  title: t("console.fields.actions"),
                  render: (_: unknown, r: ExchangeRate) => (
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      {t("console-prices.exchangeRates.change")}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {mayEdit && (
        <ExchangeRateForm
          rate={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void query.refetch();
            onChanged();
          }}
        />
      )}
    </Card>
  );
}

/** A new rate for a pair (`rate` fills the pair being changed; `{}` a new pair; null: closed). */
function ExchangeRateForm({
  rate,
  onClose,
  onSaved,
}: {
  rate: Partial<ExchangeRate> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExchangeRateBody>();

  const save = async (body: ExchangeRateBody) => {
    const saved = await consoleCall(exchangeRateCalls.set, { body });
    void message.success(
      t("console-prices.exchangeRates.saved", {
        reads: t("console-prices.exchangeRates.reads", { ...saved, rate: rateText(saved.rate) }),
      }),
    );
    onSaved();
  };

  const label = (field: string) => t(`console-prices.exchangeRates.fields.${field}`);
  return (
    <FormDialog
      open={rate !== null}
      title={t("console-prices.exchangeRates.set")}
      form={form}
      name="exchange-rate"
      record={rate}
      values={() => rate && { base: rate.base, quote: rate.quote, rate: rate.rate && rateText(rate.rate) }}
      onSubmit={save}
      onClose={onClose}
      width={480}
      above={<Typography.Paragraph type="secondary">{t("console-prices.exchangeRates.formHint")}</Typography.Paragraph>}
    >
      <Space align="start" wrap>
        <Form.Item name="base" label={label("base")} required rules={[zodRule(shape.base, t)]}>
          <Input autoComplete="off" maxLength={3} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="quote" label={label("quote")} required rules={[zodRule(shape.quote, t)]}>
          <Input autoComplete="off" maxLength={3} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="rate" label={label("rate")} required rules={[zodRule(shape.rate, t)]}>
          <Input inputMode="decimal" autoComplete="off" style={{ width: 160 }} />
        </Form.Item>
      </Space>
    </FormDialog>
  );
}
