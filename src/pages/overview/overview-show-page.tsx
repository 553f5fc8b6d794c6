import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, Row, Skeleton, Space, Statistic } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { type Overview, overviewCalls } from "#contracts";
import { PageTitle } from "../../components/page-title";
import { formatMoney } from "../../lib/format-decimal";
import { customCall } from "../../providers/api-call";
import { readerZone } from "./overview-period";
import { PeriodSelector, usePeriodChoice } from "./period-selector";

// The chart library is big: it loads with the charts, after the figures, and only on this page.
const OverviewCharts = lazy(() => import("./overview-charts"));

/** Overview: the period's money (every role that may open it) and orders (not finance), as figures and charts. */
export default function OverviewShowPage() {
  const { t } = useTranslation();
  const periodChoice = usePeriodChoice();
  const { period } = periodChoice;
  const { query } = useCustom<Overview>({
    ...customCall(overviewCalls.one),
    config: { query: { ...period, tz: readerZone() } },
    queryOptions: { retry: false },
  });
  const overview = query.data?.data;

  const selector = <PeriodSelector {...periodChoice} />;

  let body = <Skeleton active />;
  if (query.isError) body = <Alert type="error" showIcon message={query.error.message} />;
  else if (overview)
    body = (
      <>
        <OverviewCards overview={overview} />
        <Suspense fallback={<Skeleton active aria-label={t("overview.charts.loading")} />}>
          <OverviewCharts overview={overview} />
        </Suspense>
      </>
    );

  return (
    <Card title={<PageTitle>{t("overview.title")}</PageTitle>}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {selector}
        {body}
      </Space>
    </Card>
  );
}

/** The period's totals: four cards in a row, stacked on a phone; the order ones only for who may list orders. */
function OverviewCards({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const { money, orders } = overview;
  const amount = (value: string) => `${formatMoney(value)} ${money.currency}`;
  const card = (key: string, title: string, value: string | number, hint: string) => (
    <Col xs={24} sm={12} xl={6} key={key}>
      <Card size="small" data-testid={`overview-${key}`}>
        <Statistic title={title} value={value} />
        <div style={{ opacity: 0.65 }}>{hint}</div>
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {card("spend", t("overview.cards.spend"), amount(money.spend), t("overview.cards.spendHint"))}
      {orders &&
        card("orders", t("overview.cards.orders"), orders.total, t("overview.cards.ordersHint", orders.byStatus))}
      {orders &&
        card(
          "success-rate",
          t("overview.cards.successRate"),
          orders.successRate === null ? "-" : `${(orders.successRate * 100).toFixed(1)}%`,
          orders.successRate === null ? t("overview.cards.noRate") : t("overview.cards.successRateHint"),
        )}
      {card(
        "deposits",
        t("overview.cards.deposits"),
        amount(money.deposits),
        t("overview.cards.depositsHint", { count: money.depositCount }),
      )}
    </Row>
  );
}
