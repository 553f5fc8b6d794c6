import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, Flex, Input, Row, Skeleton, Space, Statistic, Table, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ConsoleStatistics, consoleOrdersResource, consoleStatisticsCalls, STUCK_MINUTES } from "#contracts";
import { PageTitle } from "../../../components/page-title";
import { formatMoney } from "../../../lib/format-decimal";
import { readerZone } from "../../../pages/overview/overview-period";
import { PeriodSelector, usePeriodChoice } from "../../../pages/overview/period-selector";
import { customCall } from "../../../providers/api-call";

// The chart library loads with the charts, after the figures, and only on this page.
const StatisticsCharts = lazy(() => import("./statistics-charts"));

type ByCurrency = ConsoleStatistics["totals"]["sales"];
/** Each currency's sum, and 0.00 in each other currency of the merchants in scope: a figure always names its money. */
const perCurrency = (amounts: ByCurrency, currencies: readonly string[]) => {
  const all = [...new Set([...amounts.map((a) => a.currency), ...currencies])].sort();
  if (all.length === 0) return "0";
  return all
    .map((currency) => `${formatMoney(amounts.find((a) => a.currency === currency)?.amount ?? "0")} ${currency}`)
    .join(" · ");
};
const rate = (value: number | null) => (value === null ? "-" : `${(value * 100).toFixed(1)}%`);

/**
 * The reseller's statistics (issue 15): orders, success rate, sales and deposits over a period, by day, merchant
 * and product, from the same hourly rollups as the merchant Overview (fast at a million orders); one merchant's
 * by its number.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const periodChoice = usePeriodChoice();
  const { period } = periodChoice;
  const [merchantNo, setMerchantNo] = useState("");
  const { query } = useCustom<ConsoleStatistics>({
    ...customCall(consoleStatisticsCalls.get),
    config: { query: { ...period, tz: readerZone(), ...(merchantNo && { merchantNo }) } },
    queryOptions: { retry: false },
  });
  const stats = query.data?.data;
  const label = (key: string) => t(`console-statistics.${key}`);

  let body = <Skeleton active />;
  if (query.isError) body = <Alert type="error" showIcon message={query.error.message} />;
  else if (stats)
    body = (
      <>
        <Row gutter={[16, 16]}>
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic title={t("overview.cards.orders")} value={stats.totals.orders} />
              {/* The same orders the per-day chart stacks: the ones still Processing named apart. */}
              <Typography.Text type="secondary">
                {t("overview.cards.ordersHint", {
                  success: stats.totals.success,
                  failed: stats.totals.failed,
                  processing: stats.totals.processing,
                })}
              </Typography.Text>
              {stats.totals.stuck > 0 && (
                <div>
                  <Link
                    to={`${consoleOrdersResource.path}?${new URLSearchParams({ processingOver: String(STUCK_MINUTES) })}`}
                  >
                    {t("console-statistics.stuckLink", { count: stats.totals.stuck, minutes: STUCK_MINUTES })}
                  </Link>
                </div>
              )}
            </Card>
          </Col>
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic title={t("overview.cards.successRate")} value={rate(stats.totals.successRate)} />
            </Card>
          </Col>
          <Col xs={24} lg={6}>
            <Card size="small">
              <Statistic title={label("sales")} value={perCurrency(stats.totals.sales, stats.totals.currencies)} />
              <Typography.Text type="secondary">{label("salesHint")}</Typography.Text>
            </Card>
          </Col>
          <Col xs={24} lg={6}>
            <Card size="small">
              <Statistic
                title={`${t("overview.cards.deposits")} (${stats.totals.depositCount})`}
                value={perCurrency(stats.totals.deposits, stats.totals.currencies)}
              />
            </Card>
          </Col>
        </Row>
        <Suspense fallback={<Skeleton active aria-label={t("overview.charts.loading")} />}>
          <StatisticsCharts statistics={stats} />
        </Suspense>
        <Card size="small" title={label("byMerchant")}>
          <Table
            rowKey="merchantNo"
            size="small"
            pagination={false}
            scroll={{ x: "max-content" }}
            dataSource={stats.merchants}
            columns={[
              {
                key: "merchant",
                title: t("console.fields.merchant"),
                render: (_, m) => `${m.name} (${m.merchantNo})`,
              },
              { key: "orders", title: t("overview.cards.orders"), align: "right", dataIndex: "orders" },
              {
                key: "rate",
                title: t("overview.cards.successRate"),
                align: "right",
                render: (_, m) => rate(m.successRate),
              },
              {
                key: "sales",
                title: label("sales"),
                align: "right",
                render: (_, m) => `${formatMoney(m.sales)} ${m.currency}`,
              },
              {
                key: "deposits",
                title: t("overview.cards.deposits"),
                align: "right",
                render: (_, m) => `${formatMoney(m.deposits)} ${m.currency}`,
              },
            ]}
          />
        </Card>
      </>
    );

  return (
    <Card title={<PageTitle>{t("console-statistics.title")}</PageTitle>}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Flex wrap gap="small" justify="space-between">
          <PeriodSelector {...periodChoice} />
          <Input.Search
            allowClear
            placeholder={t("console.fields.merchantNo")}
            aria-label={t("console.fields.merchantNo")}
            style={{ width: 220 }}
            onSearch={(value) => setMerchantNo(value.trim())}
          />
        </Flex>
        {body}
      </Space>
    </Card>
  );
}
