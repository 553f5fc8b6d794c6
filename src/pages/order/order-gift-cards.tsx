import { EyeOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Popconfirm, Space, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type GiftCard, orderCalls } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { message } from "../../lib/toast";
import { customCall } from "../../providers/api-call";
import { showFailure } from "../../providers/http-client";

/**
 * The gift cards of a successful order: masked as the server answers them, until someone asks for the codes
 * after confirming that the reveal is recorded. Revealed codes live only in this component's state.
 */
export function OrderGiftCards({
  orderNo,
  cards,
  onRevealed,
}: {
  orderNo: string;
  cards: GiftCard[];
  onRevealed: () => void;
}) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState<GiftCard[] | null>(null);
  const { mutate, mutation } = useCustomMutation<{ cards: GiftCard[] }>();

  const reveal = () =>
    mutate(
      { ...customCall(orderCalls.revealCards, { orderNo }), values: {} },
      {
        onSuccess: ({ data }) => {
          setRevealed(data.cards);
          void message.success(t("order.cards.revealed"));
          onRevealed();
        },
        onError: (error) => showFailure(error, t("order.cards.revealFailed", { reason: error.message })),
      },
    );

  const code = (value: string) =>
    revealed ? (
      <Typography.Text code copyable>
        {value}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">{value}</Typography.Text>
    );
  type Row = GiftCard & { key: number };
  // Masked serials may all look alike; the position tells the cards apart.
  const rows: Row[] = (revealed ?? cards).map((card, index) => ({ ...card, key: index }));
  const columns: ColumnsType<Row> = [
    { key: "serial", title: t("order.cards.serial"), render: (_, c) => code(c.serial) },
    { key: "pin", title: t("order.cards.pin"), render: (_, c) => code(c.pin) },
    { key: "expiresAt", title: t("order.cards.expiresAt"), render: (_, c) => formatDateTime(c.expiresAt) },
  ];

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {!revealed && (
        <Alert
          type="info"
          showIcon
          message={t("order.cards.masked")}
          action={
            <Popconfirm
              title={t("order.cards.confirmTitle")}
              description={<div style={{ maxWidth: 320 }}>{t("order.cards.confirmText")}</div>}
              okText={t("order.cards.confirm")}
              cancelText={t("common.cancel")}
              onConfirm={reveal}
            >
              <Button icon={<EyeOutlined aria-hidden />} loading={mutation.isPending}>
                {t("order.cards.reveal")}
              </Button>
            </Popconfirm>
          }
        />
      )}
      <Table<Row> columns={columns} dataSource={rows} pagination={false} size="small" scroll={{ x: "max-content" }} />
    </Space>
  );
}
