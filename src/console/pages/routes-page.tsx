import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { type CrudFilter, type HttpError, useCan, useCustom } from "@refinedev/core";
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  message,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type RoutedSku,
  routedSkuQuery,
  type SkuRoute,
  type SupplierAccountView,
  skuRoutesBody,
  supplierCalls,
} from "#contracts";
import { useDialogValues } from "../../components/form-dialog";
import { ListCard, listPagination, RefreshButton, useLoadFailure } from "../../components/list-page";
import { useFormSave } from "../../components/use-form-save";
import { formatMoney } from "../../lib/format-decimal";
import { zodRule } from "../../lib/zod-rule";
import { customCall } from "../../providers/api-call";
import { consoleCall } from "../console-session";
import { formatCost } from "./supplier-kinds";

interface Search {
  keyword?: string;
}
const searchFilters = ({ keyword }: Search): CrudFilter[] => [
  { field: "keyword", operator: "eq", value: keyword?.trim() || undefined },
];

interface RouteValues {
  supplierId?: number;
  supplierProduct?: string;
  cost?: string;
  costCurrency?: string;
  enabled?: boolean;
}
interface Values {
  routes: RouteValues[];
}

const routeShape = skuRoutesBody.shape.routes.element.shape;
const MAX_ROUTES = 10;

/** One route as the list shows it: "1. simulator · CN-10 · 9.25 USD". */
const routeText = (route: SkuRoute, index: number) =>
  `${index + 1}. ${route.supplierCode} · ${route.supplierProduct} · ${formatCost(route.cost)} ${route.costCurrency}`;

/**
 * Each SKU's routes (issue 16): the supplier products it is bought from, in the order fulfilment tries them (the
 * first healthy one first; a refusal moves the order to the next). A SKU without routes goes to its product's
 * default supplier. The editor saves a SKU's whole ordered list at once.
 */
export default function RoutesPage() {
  const { t } = useTranslation();
  const mayEdit = useCan({ resource: "routes", action: "edit" }).data?.can === true;
  const [editing, setEditing] = useState<RoutedSku | null>(null);
  const { tableProps, searchFormProps, tableQuery } = useTable<RoutedSku, HttpError, Search>({
    resource: "routes",
    syncWithLocation: false,
    onSearch: searchFilters,
    queryOptions: { retry: false },
  });
  useLoadFailure(tableQuery.error, "console.routes.loadFailed");
  const label = (field: string) => t(`console.routes.fields.${field}`);

  return (
    <ListCard title={t("console.resources.routes")} actions={<RefreshButton query={tableQuery} />}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item
          name="keyword"
          label={t("console.routes.keyword")}
          rules={[zodRule(routedSkuQuery.shape.keyword, t)]}
        >
          <Input allowClear style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Form>
      <Table<RoutedSku>
        {...tableProps}
        rowKey="skuId"
        scroll={{ x: "max-content" }}
        pagination={listPagination(tableProps.pagination, t)}
        columns={[
          {
            key: "product",
            title: label("product"),
            render: (_, s) => (
              <>
                <div>{s.productName}</div>
                <Typography.Text type="secondary">{s.productCode}</Typography.Text>
              </>
            ),
          },
          { key: "skuCode", title: label("skuCode"), dataIndex: "skuCode" },
          { key: "spec", title: label("spec"), dataIndex: "spec" },
          {
            key: "faceValue",
            title: label("faceValue"),
            align: "right",
            render: (_, s) => `${formatMoney(s.faceValue)} ${s.currency}`,
          },
          { key: "defaultSupplier", title: label("defaultSupplier"), dataIndex: "defaultSupplier" },
          {
            key: "routes",
            title: label("routes"),
            render: (_, s) =>
              s.routes.length === 0 ? (
                <Typography.Text type="secondary">{t("console.routes.none")}</Typography.Text>
              ) : (
                <Flex vertical gap={2}>
                  {s.routes.map((r, i) => (
                    <span key={`${r.supplierId}-${r.supplierProduct}`}>
                      {r.enabled ? (
                        routeText(r, i)
                      ) : (
                        <Typography.Text delete type="secondary">
                          {routeText(r, i)}
                        </Typography.Text>
                      )}
                      {!r.enabled && <Tag style={{ marginInlineStart: 8 }}>{t("console.routes.disabled")}</Tag>}
                    </span>
                  ))}
                </Flex>
              ),
          },
          {
            key: "actions",
            title: t("console.fields.actions"),
            fixed: "right",
            render: (_, s) =>
              mayEdit ? (
                <Button size="small" onClick={() => setEditing(s)}>
                  {t("console.routes.edit")}
                </Button>
              ) : null,
          },
        ]}
      />
      {mayEdit && (
        <RoutesEditor
          sku={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void tableQuery.refetch();
          }}
        />
      )}
    </ListCard>
  );
}

/** A SKU's routes as an ordered list: a row per route, moved up and down, removed, added; saved whole. */
function RoutesEditor({ sku, onClose, onSaved }: { sku: RoutedSku | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useFormSave(form);
  const { query: suppliersQuery } = useCustom<SupplierAccountView[]>({
    ...customCall(supplierCalls.list),
    queryOptions: { retry: false, enabled: sku !== null },
  });
  const suppliers = suppliersQuery.data?.data ?? [];

  useDialogValues(
    form,
    sku !== null,
    sku,
    (s) =>
      s && {
        routes: s.routes.map((r) => ({
          supplierId: r.supplierId,
          supplierProduct: r.supplierProduct,
          cost: r.cost,
          costCurrency: r.costCurrency,
          enabled: r.enabled,
        })),
      },
  );

  const save = async (values: Values) => {
    if (!sku) return;
    await run(async () => {
      const routes = (values.routes ?? []).map((r) => ({
        supplierId: r.supplierId ?? 0,
        supplierProduct: r.supplierProduct ?? "",
        cost: r.cost ?? "",
        costCurrency: r.costCurrency ?? "",
        enabled: r.enabled ?? true,
      }));
      await consoleCall(supplierCalls.setRoutes, { params: { id: sku.skuId }, body: { routes } });
      void message.success(t("console.routes.saved", { sku: `${sku.productName} ${sku.spec}` }));
      onSaved();
    });
  };

  const label = (field: string) => t(`console.routes.fields.${field}`);
  // The SKU's own routes name their suppliers too: shown by name while the list loads (or if it cannot be read).
  const supplierOptions = [
    ...suppliers.map((s) => ({
      value: s.id,
      label: `${s.name} (${s.code})${s.enabled ? "" : ` · ${t("enums.enabled.false")}`}`,
    })),
    ...(sku?.routes ?? [])
      .filter(
        (r, i, all) =>
          !suppliers.some((s) => s.id === r.supplierId) && all.findIndex((o) => o.supplierId === r.supplierId) === i,
      )
      .map((r) => ({ value: r.supplierId, label: `${r.supplierName} (${r.supplierCode})` })),
  ];
  return (
    <Modal
      open={sku !== null}
      title={sku ? t("console.routes.editTitle", { product: sku.productName, spec: sku.spec }) : ""}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      width={880}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t("console.routes.editHint")}</Typography.Paragraph>
      <Form<Values> form={form} name="sku-routes" layout="vertical" onFinish={(v) => void save(v)}>
        <Form.List name="routes">
          {(fields, { add, remove, move }, { errors }) => (
            <Flex vertical gap={12}>
              {fields.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("console.routes.emptyEditor")} />
              )}
              {fields.map(({ key, name }, index) => {
                const title = t("console.routes.routeN", { n: index + 1 });
                return (
                  <Card
                    key={key}
                    size="small"
                    role="group"
                    aria-label={title}
                    title={title}
                    extra={
                      <Space size={0}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t("console.routes.moveUp", { n: index + 1 })}
                          title={t("console.routes.moveUp", { n: index + 1 })}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        />
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t("console.routes.moveDown", { n: index + 1 })}
                          title={t("console.routes.moveDown", { n: index + 1 })}
                          disabled={index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                        />
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t("console.routes.remove", { n: index + 1 })}
                          title={t("console.routes.remove", { n: index + 1 })}
                          onClick={() => remove(index)}
                        />
                      </Space>
                    }
                  >
                    <Flex wrap gap={12} align="flex-start">
                      <Form.Item
                        name={[name, "supplierId"]}
                        label={label("supplier")}
                        required
                        rules={[{ required: true, message: t("validation.required") }]}
                        style={{ width: 240, marginBottom: 0 }}
                      >
                        <Select
                          options={supplierOptions}
                          loading={suppliersQuery.isLoading}
                          placeholder={t("console.routes.chooseSupplier")}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[name, "supplierProduct"]}
                        label={label("supplierProduct")}
                        required
                        rules={[zodRule(routeShape.supplierProduct, t)]}
                        style={{ width: 200, marginBottom: 0 }}
                      >
                        <Input autoComplete="off" maxLength={100} />
                      </Form.Item>
                      <Form.Item
                        name={[name, "cost"]}
                        label={label("cost")}
                        required
                        rules={[zodRule(routeShape.cost, t)]}
                        style={{ width: 130, marginBottom: 0 }}
                      >
                        <Input inputMode="decimal" autoComplete="off" />
                      </Form.Item>
                      <Form.Item
                        name={[name, "costCurrency"]}
                        label={label("costCurrency")}
                        required
                        rules={[zodRule(routeShape.costCurrency, t)]}
                        style={{ width: 110, marginBottom: 0 }}
                      >
                        <Input autoComplete="off" maxLength={3} />
                      </Form.Item>
                      <Form.Item
                        name={[name, "enabled"]}
                        label={label("enabled")}
                        valuePropName="checked"
                        style={{ marginBottom: 0 }}
                      >
                        <Switch />
                      </Form.Item>
                    </Flex>
                  </Card>
                );
              })}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_ROUTES}
                onClick={() => {
                  const last = (form.getFieldValue("routes") as RouteValues[] | undefined)?.at(-1);
                  add({ enabled: true, costCurrency: last?.costCurrency ?? "" });
                }}
              >
                {t("console.routes.add")}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
