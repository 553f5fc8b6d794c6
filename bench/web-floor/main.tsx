/**
 * The floor of the design card's stack for `npm run bench -- web`: what the order list's first screen on a phone
 * is made of (a top bar, a titled card, three filters, a 20-row table with its first column fixed, pagination),
 * in React and antd alone: no Refine, router, texts, session or shell. The bench scores it beside the real order
 * list, so a Lighthouse target can be weighed against what the stack itself costs on the machine at hand.
 */
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  DatePicker,
  Dropdown,
  Form,
  Input,
  Layout,
  Select,
  Space,
  Table,
  Tag,
} from "antd";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

interface Row {
  orderNo: string;
  status: "Success" | "Processing";
  amount: string;
}

function OrderListFloor() {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    // One request to the real server before the rows show, as the list waits for its page of orders.
    void fetch("/portal/merchant/api/public/config").then(() =>
      setRows(
        Array.from({ length: 20 }, (_, i) => ({
          orderNo: `P20261126${String(i).padStart(8, "0")}`,
          status: i % 3 ? "Success" : "Processing",
          amount: `${10 + i}.00 USD`,
        })),
      ),
    );
  }, []);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header style={{ display: "flex", alignItems: "center", gap: 8, background: "#fff", padding: "0 12px" }}>
        <Breadcrumb items={[{ title: "Orders" }, { title: "Order Management" }]} />
        <span style={{ flex: 1 }} />
        <Badge count={3}>
          <Button>Notifications</Button>
        </Badge>
        <Dropdown menu={{ items: [{ key: "logout", label: "Log out" }] }}>
          <Button>admin</Button>
        </Dropdown>
      </Layout.Header>
      <Layout.Content style={{ padding: 12 }}>
        <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>Order Management</h1>}>
          <Form layout="vertical">
            <Space wrap>
              <Form.Item label="Order number" name="orderNo">
                <Input />
              </Form.Item>
              <Form.Item label="Status" name="status">
                <Select style={{ width: 140 }} options={[{ value: "success", label: "Success" }]} />
              </Form.Item>
              <Form.Item label="Created" name="created">
                <DatePicker.RangePicker />
              </Form.Item>
            </Space>
          </Form>
          <Table<Row>
            size="small"
            rowKey="orderNo"
            loading={!rows}
            dataSource={rows ?? []}
            scroll={{ x: "100%" }}
            pagination={{ total: 240, pageSize: 20 }}
            columns={[
              { key: "orderNo", title: "Order number", dataIndex: "orderNo", fixed: "left" },
              {
                key: "status",
                title: "Status",
                render: (_, row) => <Tag color={row.status === "Success" ? "success" : "processing"}>{row.status}</Tag>,
              },
              { key: "amount", title: "Amount", dataIndex: "amount", align: "right" },
            ]}
          />
        </Card>
      </Layout.Content>
    </Layout>
  );
}

const root = document.getElementById("root");
if (root) createRoot(root).render(<OrderListFloor />);
