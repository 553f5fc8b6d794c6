import { ArrowLeftOutlined } from "@ant-design/icons";
import { type HttpError, useShow } from "@refinedev/core";
import { Alert, Card, Col, Result, Row, Skeleton, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type OrderDetail, ProductType } from "#contracts";
import { PageTitle } from "../../components/page-title";
import { orderPath } from "../../lib/order-list";
import { ORDER_DETAIL_REFRESH_MS, refreshInterval } from "../../lib/order-status";
import { OrderDetails, OrderInputs } from "./order-details";
import { OrderGiftCards } from "./order-gift-cards";
import { OrderTimeline } from "./order-timeline";

const NOT_FOUND = 404;

/** One order (the address carries its order number); a Processing order updates itself until it is final. */
export default function OrderShowPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const { query, result: order } = useShow<OrderDetail, HttpError>({
    resource: "order",
    id,
    queryOptions: {
      // A missing order stays missing and each failure is reported by the http client: do not ask again.
      retry: false,
      refetchInterval: (q) => {
        const current = q.state.data?.data;
        return refreshInterval(current ? [current] : [], q.state.status === "error", ORDER_DETAIL_REFRESH_MS);
      },
    },
  });

  const back = (
    <Link to={orderPath()}>
      <ArrowLeftOutlined /> {t("order.actions.back")}
    </Link>
  );

  if (!order) {
    let body = <Skeleton active />;
    if (query.error?.statusCode === NOT_FOUND)
      body = (
        <Result
          status="404"
          title={t("order.detail.notFoundTitle")}
          subTitle={t("order.detail.notFoundText", { orderNo: id })}
          extra={back}
        />
      );
    else if (query.error)
      body = <Alert type="error" showIcon message={t("order.detail.loadFailed", { reason: query.error.message })} />;
    return (
      <Card
        title={<PageTitle>{t("order.title")}</PageTitle>}
        extra={query.error?.statusCode === NOT_FOUND ? null : back}
      >
        {body}
      </Card>
    );
  }

  const giftCards = order.productType === ProductType.giftCard && order.status === "success" ? order.cards : null;
  return (
    <Card title={<PageTitle>{t("order.titles.show", { orderNo: order.orderNo })}</PageTitle>} extra={back}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        {order.status === "processing" && <Alert type="info" showIcon message={t("order.detail.processing")} />}
        {order.status === "failed" && <Alert type="error" showIcon message={t("order.detail.failed")} />}
        {query.error && (
          <Alert type="warning" showIcon message={t("order.detail.loadFailed", { reason: query.error.message })} />
        )}
        <OrderDetails order={order} />
        {giftCards && (
          <Card type="inner" title={t("order.sections.cards")}>
            <OrderGiftCards orderNo={order.orderNo} cards={giftCards} onRevealed={() => void query.refetch()} />
          </Card>
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card type="inner" title={t("order.sections.inputs")}>
              <OrderInputs inputs={order.inputs} />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card type="inner" title={t("order.sections.timeline")}>
              <OrderTimeline entries={order.timeline} pending={order.status === "processing"} ledgerLinks />
            </Card>
          </Col>
        </Row>
      </Space>
    </Card>
  );
}
