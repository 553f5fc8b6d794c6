import { Card, Col, Empty, Row, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { type Overview, orderStatuses } from "#contracts";
import { VisuallyHidden } from "../../components/visually-hidden";
import { formatMoney } from "../../lib/format-decimal";

const HEIGHT = 260;

interface ChartProps {
  id: string;
  title: string;
  /** Header and rows of the table that says what the chart draws. */
  table: { head: string[]; rows: (string | number)[][] };
  /** Nothing to draw (no rows, or a day-by-day chart of zeros): the empty state, not an axis of nothing. */
  empty?: boolean;
  children: ReactNode;
}

/**
 * A chart in a card, named by its title, with its figures as a hidden table for assistive technology; the drawing
 * itself is hidden from it (and recharts' keyboard layer is off, so nothing focusable hides inside).
 */
export function Chart({ id, title, table, empty = table.rows.length === 0, children }: ChartProps) {
  const { t } = useTranslation();
  return (
    <Col xs={24} lg={12}>
      <Card size="small" title={<span id={`${id}-title`}>{title}</span>} data-testid={id}>
        <figure aria-labelledby={`${id}-title`} style={{ margin: 0, position: "relative" }}>
          {empty ? (
            <Empty description={t("overview.charts.empty")} style={{ height: HEIGHT - 40 }} />
          ) : (
            <div aria-hidden style={{ width: "100%", height: HEIGHT }}>
              <ResponsiveContainer width="100%" height="100%">
                {children}
              </ResponsiveContainer>
            </div>
          )}
          {/* In a hidden box: a table keeps its rows' height whatever its own (770 px of blank page below). */}
          <VisuallyHidden>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {table.head.map((h) => (
                    <th key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never move
                      <td key={i}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </figure>
      </Card>
    </Col>
  );
}

/**
 * The overview's charts (recharts, loaded with this file only). Amounts become numbers only to be drawn; every
 * figure shown as text (tooltips, tables) is the server's exact decimal.
 */
export default function OverviewCharts({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { money, orders } = overview;
  const shortDate = (date: string) => date.slice(5);
  const amount = (value: string) => `${formatMoney(value)} ${money.currency}`;
  const days = money.days.map((d) => ({ ...d, spendValue: Number(d.spend), depositValue: Number(d.deposits) }));
  const axis = { stroke: token.colorTextTertiary, fontSize: 12 };
  // The value axis names its currency above its figures; the right margin leaves the last date room.
  const moneyAxis = { value: money.currency, position: "top" as const, offset: 12, fontSize: 12, fill: axis.stroke };
  const margin = { top: 24, right: 24, left: 0, bottom: 0 };
  const statusColor = { processing: token.colorInfo, success: token.colorSuccess, failed: token.colorError };
  const statuses = orders
    ? orderStatuses
        .map((status) => ({ status, name: t(`enums.orderStatus.${status}`), value: orders.byStatus[status] }))
        .filter((s) => s.value > 0)
    : [];
  const products = (orders?.topProducts ?? []).map((p) => ({ ...p, value: Number(p.amount) }));

  return (
    <Row gutter={[16, 16]}>
      <Chart
        id="overview-spend-chart"
        title={t("overview.charts.spendPerDay")}
        table={{
          head: [t("overview.table.date"), t("overview.table.amount")],
          rows: money.days.map((d) => [d.date, amount(d.spend)]),
        }}
        empty={days.every((d) => d.spendValue === 0)}
      >
        <LineChart accessibilityLayer={false} data={days} margin={margin}>
          <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDate} tick={axis} minTickGap={16} />
          <YAxis tick={axis} width={56} label={moneyAxis} />
          <Tooltip formatter={(_, __, item) => amount(item.payload.spend)} />
          <Line
            type="linear"
            dataKey="spendValue"
            name={t("overview.cards.spend")}
            stroke={token.colorPrimary}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </Chart>
      {orders && (
        <Chart
          id="overview-status-chart"
          title={t("overview.charts.ordersByStatus")}
          table={{
            head: [t("overview.table.status"), t("overview.table.count")],
            rows: statuses.map((s) => [s.name, s.value]),
          }}
        >
          <PieChart accessibilityLayer={false}>
            <Pie
              rootTabIndex={-1}
              data={statuses}
              dataKey="value"
              nameKey="name"
              innerRadius="50%"
              outerRadius="80%"
              isAnimationActive={false}
            >
              {statuses.map((s) => (
                <Cell key={s.status} fill={statusColor[s.status]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </Chart>
      )}
      {orders && (
        <Chart
          id="overview-products-chart"
          title={t("overview.charts.topProducts")}
          table={{
            head: [t("overview.table.product"), t("overview.table.count"), t("overview.table.amount")],
            rows: products.map((p) => [p.name, p.count, amount(p.amount)]),
          }}
        >
          <BarChart
            accessibilityLayer={false}
            data={products}
            layout="vertical"
            margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
          >
            <CartesianGrid stroke={token.colorBorderSecondary} horizontal={false} />
            <XAxis type="number" tick={axis} label={{ ...moneyAxis, position: "insideBottomRight", offset: 0 }} />
            <YAxis type="category" dataKey="name" tick={axis} width={110} />
            <Tooltip formatter={(_, __, item) => `${amount(item.payload.amount)} (${item.payload.count})`} />
            <Bar
              dataKey="value"
              name={t("overview.table.amount")}
              fill={token.colorPrimary}
              isAnimationActive={false}
            />
          </BarChart>
        </Chart>
      )}
      <Chart
        id="overview-deposits-chart"
        title={t("overview.charts.depositsPerDay")}
        table={{
          head: [t("overview.table.date"), t("overview.table.deposits"), t("overview.table.count")],
          rows: money.days.map((d) => [d.date, amount(d.deposits), d.depositCount]),
        }}
        empty={days.every((d) => d.depositValue === 0)}
      >
        <BarChart accessibilityLayer={false} data={days} margin={margin}>
          <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDate} tick={axis} minTickGap={16} />
          <YAxis tick={axis} width={56} label={moneyAxis} />
          <Tooltip formatter={(_, __, item) => amount(item.payload.deposits)} />
          <Bar
            dataKey="depositValue"
            name={t("overview.cards.deposits")}
            fill={token.colorSuccess}
            isAnimationActive={false}
          />
        </BarChart>
      </Chart>
    </Row>
  );
}
