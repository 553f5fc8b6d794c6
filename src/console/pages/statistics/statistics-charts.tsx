import { Row, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { ConsoleStatistics } from "#contracts";
import { formatMoney } from "../../../lib/format-decimal";
import { Chart } from "../../../pages/overview/overview-charts";

/**
 * The statistics as charts (recharts, loaded with this file only): orders and success rate per day, sales and
 * deposits per day in the period's main currency (the one with the most sales), the top products. Each chart's
 * figures are also a table for assistive technology; every figure shown as text is the server's exact decimal.
 */
export default function StatisticsCharts({ statistics }: { statistics: ConsoleStatistics }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = { stroke: token.colorTextTertiary, fontSize: 12 };
  const shortDate = (date: string) => date.slice(5);
  const currency = [...statistics.totals.sales, ...statistics.totals.deposits].sort(
    (a, b) => Number(b.amount) - Number(a.amount),
  )[0]?.currency;
  const amountIn = (amounts: { currency: string; amount: string }[]) =>
    amounts.find((a) => a.currency === currency)?.amount ?? "0";
  const days = statistics.days.map((d) => ({
    ...d,
    sales: amountIn(d.sales),
    deposits: amountIn(d.deposits),
    salesValue: Number(amountIn(d.sales)),
    depositsValue: Number(amountIn(d.deposits)),
  }));
  const active = days.filter((d) => d.orders > 0 || d.depositsValue > 0);
  const money = (value: string) => `${formatMoney(value)} ${currency ?? ""}`;
  const grid = <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />;
  const x = <XAxis dataKey="date" tickFormatter={shortDate} tick={axis} minTickGap={16} />;

  return (
    <Row gutter={[16, 16]}>
      <Chart
        id="statistics-orders-chart"
        title={t("console-statistics.ordersPerDay")}
        table={{
          head: [
            t("overview.table.date"),
            t("enums.orderStatus.success"),
            t("enums.orderStatus.failed"),
            t("enums.orderStatus.processing"),
          ],
          rows: active.map((d) => [d.date, d.success, d.failed, d.processing]),
        }}
      >
        <BarChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          {grid}
          {x}
          <YAxis tick={axis} width={48} allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="success"
            stackId="orders"
            name={t("enums.orderStatus.success")}
            fill={token.colorSuccess}
            isAnimationActive={false}
          />
          <Bar
            dataKey="failed"
            stackId="orders"
            name={t("enums.orderStatus.failed")}
            fill={token.colorError}
            isAnimationActive={false}
          />
          {/* Still Processing: the day's bar is all its orders, as the Orders card counts them. */}
          <Bar
            dataKey="processing"
            stackId="orders"
            name={t("enums.orderStatus.processing")}
            fill={token.colorInfo}
            isAnimationActive={false}
          />
        </BarChart>
      </Chart>
      <Chart
        id="statistics-money-chart"
        title={t("console-statistics.moneyPerDay", { currency: currency ?? "" })}
        table={{
          head: [t("overview.table.date"), t("console-statistics.sales"), t("overview.table.deposits")],
          rows: active.map((d) => [d.date, money(d.sales), money(d.deposits)]),
        }}
      >
        <LineChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          {grid}
          {x}
          <YAxis tick={axis} width={64} />
          <Tooltip formatter={(value) => money(String(value))} />
          <Legend />
          <Line
            dataKey="salesValue"
            name={t("console-statistics.sales")}
            stroke={token.colorPrimary}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="depositsValue"
            name={t("overview.cards.deposits")}
            stroke={token.colorSuccess}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </Chart>
      <Chart
        id="statistics-products-chart"
        title={t("overview.charts.topProducts")}
        table={{
          head: [t("overview.table.product"), t("overview.table.count")],
          rows: statistics.products.map((p) => [p.name, p.orders]),
        }}
      >
        <BarChart
          accessibilityLayer={false}
          layout="vertical"
          data={statistics.products}
          margin={{ top: 8, right: 16, left: 8, bottom: 0 }}
        >
          <XAxis type="number" tick={axis} allowDecimals={false} />
          <YAxis type="category" dataKey="name" tick={axis} width={140} />
          <Tooltip />
          <Bar dataKey="orders" name={t("overview.cards.orders")} fill={token.colorPrimary} isAnimationActive={false} />
        </BarChart>
      </Chart>
    </Row>
  );
}
