import { ReloadOutlined } from "@ant-design/icons";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { Button, Col, Form, Input, InputNumber, Row, Space, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  checkOrderInputs,
  MAX_ORDER_QUANTITY,
  type Order,
  orderCalls,
  type Product,
  type ProductSku,
} from "#contracts";
import { applyFieldErrors } from "../../components/form-errors";
import { OrderCostSummary } from "../../components/order-entry/order-cost-summary";
import { OrderFieldItems } from "../../components/order-entry/order-field-items";
import { orderPaths } from "../../components/order-entry/order-links";
import { useBalance } from "../../components/order-entry/use-order-access";
import { amountOf, coversAmount, newMerchantOrderNo, requestRule } from "../../lib/order-inputs";
import { message } from "../../lib/toast";
import { customCall } from "../../providers/api-call";

interface OrderFormValues {
  quantity: number | null;
  merchantOrderNo: string;
  inputs?: Record<string, string>;
}

const validQuantity = (q: unknown): number =>
  typeof q === "number" && Number.isInteger(q) && q >= 1 && q <= MAX_ORDER_QUANTITY ? q : 1;

/**
 * The single-order form of one SKU: quantity, merchant order number (generated, editable) and the product's
 * inputs, beside what it costs. The number stays the same until the order is placed, so submitting again after
 * a lost answer returns the same order instead of charging twice.
 */
export function OrderCreateForm({ product, sku }: { product: Product; sku: ProductSku & { price: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<OrderFormValues>();
  const [initialValues] = useState<OrderFormValues>(() => ({ quantity: 1, merchantOrderNo: newMerchantOrderNo() }));
  const quantity = validQuantity(Form.useWatch("quantity", form));
  const { balance } = useBalance();
  const { mutate, mutation } = useCustomMutation<Order>();
  const short = balance !== undefined && !coversAmount(balance, amountOf(sku.price, quantity));

  const onFinish = (values: OrderFormValues) =>
    mutate(
      {
        ...customCall(orderCalls.create),
        values: {
          productId: product.id,
          skuId: sku.id,
          quantity: values.quantity,
          merchantOrderNo: values.merchantOrderNo.trim(),
          inputs: checkOrderInputs(product.fields, values.inputs ?? {}).values,
        },
      },
      {
        onSuccess: ({ data }) => {
          void message.success(t("orderForm.placed", { orderNo: data.orderNo }));
          void invalidate({ resource: "merchant-info", invalidates: ["resourceAll"] });
          void invalidate({ resource: "order", invalidates: ["resourceAll"] });
          navigate(orderPaths.show(data.orderNo));
        },
        onError: (error) => applyFieldErrors(form, error),
      },
    );

  return (
    <Form<OrderFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Form.Item
            name="quantity"
            label={t("orderForm.fields.quantity")}
            required
            rules={[requestRule("quantity", t)]}
          >
            <InputNumber min={1} max={MAX_ORDER_QUANTITY} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label={t("orderForm.fields.merchantOrderNo")} required>
            <Space.Compact style={{ width: "100%", maxWidth: 420 }}>
              <Form.Item name="merchantOrderNo" noStyle rules={[requestRule("merchantOrderNo", t)]}>
                <Input aria-label={t("orderForm.fields.merchantOrderNo")} autoComplete="off" />
              </Form.Item>
              <Tooltip title={t("orderForm.actions.regenerate")}>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t("orderForm.actions.regenerate")}
                  onClick={() => form.setFieldValue("merchantOrderNo", newMerchantOrderNo())}
                />
              </Tooltip>
            </Space.Compact>
          </Form.Item>
          <OrderFieldItems fields={product.fields} />
        </Col>
        <Col xs={24} lg={10}>
          <OrderCostSummary price={sku.price} currency={sku.priceCurrency} quantity={quantity} balance={balance} />
          <Space direction="vertical" style={{ marginTop: 16 }}>
            <Button type="primary" htmlType="submit" disabled={short} loading={mutation.isPending}>
              {t("orderForm.actions.submit")}
            </Button>
            {short && <Typography.Text type="danger">{t("orderForm.balanceShort")}</Typography.Text>}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
