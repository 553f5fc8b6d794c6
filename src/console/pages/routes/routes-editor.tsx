import { PlusOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button, Empty, Flex, Form, Switch, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type RoutedSku,
  routeCalls,
  type SupplierAccountView,
  type SupplierProductView,
  supplierCalls,
} from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";
import { productKey, RouteCard, type RoutesFormValues } from "./route-card";

const MAX_ROUTES = 10;

/**
 * A SKU's routes as an ordered list: a card per route (its supplier, then a product picked from that supplier's
 * synced catalog, with what it sends and costs), moved up and down, removed, added; whether orders may be bought
 * at a loss; saved whole. The server quotes every route again and names the one it refuses.
 */
export function RoutesEditor({
  sku,
  onClose,
  onSaved,
}: {
  sku: RoutedSku | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoutesFormValues>();
  // The products picked so far, for their terms until the server quotes them (a product's terms are the same for
  // every SKU, so they are kept across openings).
  const [picked, setPicked] = useState<ReadonlyMap<string, SupplierProductView>>(new Map());
  const { query: suppliersQuery } = useCustom<SupplierAccountView[]>({
    ...customCall(supplierCalls.list),
    queryOptions: { retry: false, enabled: sku !== null },
  });
  const suppliers = suppliersQuery.data?.data ?? [];

  const values = () =>
    sku && {
      allowLoss: sku.allowLoss,
      routes: sku.routes.map((r) => ({
        supplierId: r.supplierId,
        supplierProduct: r.supplierProduct,
        enabled: r.enabled,
      })),
    };

  const save = async (values: RoutesFormValues) => {
    if (!sku) return;
    const routes = (values.routes ?? []).map((r) => ({
      supplierId: r.supplierId ?? 0,
      supplierProduct: r.supplierProduct ?? "",
      enabled: r.enabled ?? true,
    }));
    await consoleCall(routeCalls.setRoutes, {
      params: { id: sku.skuId },
      body: { routes, allowLoss: values.allowLoss ?? false },
    });
    void message.success(t("console-routes.saved", { sku: `${sku.productName} ${sku.spec}` }));
    onSaved();
  };

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
    <FormDialog<RoutesFormValues>
      open={sku !== null}
      title={sku ? t("console-routes.editTitle", { product: sku.productName, spec: sku.spec }) : ""}
      width={920}
      form={form}
      name="sku-routes"
      record={sku}
      values={values}
      onSubmit={save}
      onClose={onClose}
      above={<Typography.Paragraph type="secondary">{t("console-routes.editHint")}</Typography.Paragraph>}
    >
      <Form.Item
        name="allowLoss"
        label={t("console-routes.fields.allowLoss")}
        valuePropName="checked"
        extra={t("console-routes.allowLossHint")}
      >
        <Switch />
      </Form.Item>
      <Form.List name="routes">
        {(fields, { add, remove, move }, { errors }) => (
          <Flex vertical gap={12}>
            {fields.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("console-routes.emptyEditor")} />
            )}
            {sku &&
              fields.map(({ key, name }, index) => (
                <RouteCard
                  key={key}
                  form={form}
                  name={name}
                  index={index}
                  count={fields.length}
                  sku={sku}
                  supplierOptions={supplierOptions}
                  suppliersLoading={suppliersQuery.isLoading}
                  picked={picked}
                  onPicked={(p) => setPicked((all) => new Map(all).set(productKey(p.supplierId, p.externalId), p))}
                  onMove={move}
                  onRemove={remove}
                />
              ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_ROUTES}
              onClick={() => add({ enabled: true })}
            >
              {t("console-routes.add")}
            </Button>
          </Flex>
        )}
      </Form.List>
    </FormDialog>
  );
}
