import { type HttpError, useCan, useCustom } from "@refinedev/core";
import { Col, Form, Image, Input, InputNumber, Radio, Row, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { productBody, productStatuses, productTypes, type SupplierAccountView, supplierCalls } from "#contracts";
import { zodRule } from "../../../lib/zod-rule";
import { customCall } from "../../../providers/api-call";
import { bothNames, useCatalogLists } from "./catalog-lists";

const shape = productBody.shape;

/** The product's own fields: identity, names and descriptions in both languages, picture, supply and filing. */
export function ProductBasics({ editing, open }: { editing: boolean; open: boolean }) {
  const { t } = useTranslation();
  const { categories, brands } = useCatalogLists(open);
  const label = (field: string) => t(`console-catalog.products.fields.${field}`);
  const hint = (field: string) => t(`console-catalog.products.hints.${field}`);
  const imageUrl = Form.useWatch<string | undefined>("imageUrl");
  const showImage = !!imageUrl && shape.imageUrl.safeParse(imageUrl).success;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          name="code"
          label={label("code")}
          extra={editing ? hint("codeFixed") : hint("code")}
          required
          rules={[zodRule(shape.code, t)]}
        >
          <Input autoComplete="off" maxLength={64} disabled={editing} />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name="type" label={label("type")}>
          <Radio.Group
            optionType="button"
            options={productTypes.map((v) => ({ value: v, label: t(`enums.productType.${v}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="status" label={label("status")}>
          <Radio.Group
            optionType="button"
            options={productStatuses.map((v) => ({ value: v, label: t(`enums.productStatus.${v}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={label("name")} required rules={[zodRule(shape.name, t)]}>
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="nameZh" label={label("nameZh")} rules={[zodRule(shape.nameZh, t)]}>
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="description" label={label("description")} rules={[zodRule(shape.description, t)]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="descriptionZh" label={label("descriptionZh")} rules={[zodRule(shape.descriptionZh, t)]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Col>
      <Col xs={24} md={18}>
        <Form.Item
          name="imageUrl"
          label={label("imageUrl")}
          extra={t("console-catalog.hints.imageUrl")}
          rules={[zodRule(shape.imageUrl, t)]}
        >
          <Input autoComplete="off" maxLength={500} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        {showImage && (
          <Image
            src={imageUrl}
            alt={t("console-catalog.products.preview")}
            height={72}
            style={{ objectFit: "contain", marginTop: 8 }}
          />
        )}
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="deadlineSeconds"
          label={label("deadlineSeconds")}
          extra={hint("deadlineSeconds")}
          required
          rules={[zodRule(shape.deadlineSeconds, t)]}
        >
          <InputNumber min={30} max={7 * 86_400} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <SupplierField open={open} />
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="sort"
          label={label("sort")}
          extra={t("console-catalog.hints.sort")}
          rules={[zodRule(shape.sort, t)]}
        >
          <InputNumber min={-9999} max={9999} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="categoryId" label={label("category")}>
          <Select
            allowClear
            placeholder={t("console-catalog.products.none")}
            options={categories.map((c) => ({ value: c.id, label: bothNames(c) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="brandId" label={label("brand")}>
          <Select
            allowClear
            placeholder={t("console-catalog.products.none")}
            options={brands.map((b) => ({ value: b.id, label: bothNames(b) }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * The supplier a SKU without routes is bought from, chosen among the supplier accounts; a staff member who may
 * not read them types its code.
 */
function SupplierField({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const maySee = useCan({ resource: "suppliers", action: "list" }).data?.can === true;
  const { query } = useCustom<SupplierAccountView[], HttpError>({
    ...customCall(supplierCalls.list),
    queryOptions: { retry: false, enabled: open && maySee },
  });
  const suppliers = query.data?.data ?? [];
  return (
    <Form.Item
      name="supplier"
      label={t("console-catalog.products.fields.supplier")}
      extra={t("console-catalog.products.hints.supplier")}
      // Not marked required: antd would put aria-required on the select's wrapper, which has no role for it.
      rules={[zodRule(shape.supplier, t)]}
    >
      {maySee ? (
        <Select
          loading={query.isLoading}
          options={suppliers.map((s) => ({
            value: s.code,
            label: `${s.name} (${s.code})${s.enabled ? "" : ` · ${t("enums.enabled.false")}`}`,
          }))}
        />
      ) : (
        <Input autoComplete="off" maxLength={40} />
      )}
    </Form.Item>
  );
}

/** One input per attribute: a choice among its options when it has some, else free text. Empty = not set. */
export function ProductAttributes({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { attributes } = useCatalogLists(open);
  if (attributes.length === 0)
    return <Typography.Paragraph type="secondary">{t("console-catalog.products.noAttributes")}</Typography.Paragraph>;
  return (
    <Row gutter={16}>
      {attributes.map((a) => (
        <Col key={a.id} xs={24} md={8}>
          <Form.Item name={["attributes", a.code]} label={bothNames(a)}>
            {a.options.length > 0 ? (
              <Select
                allowClear
                placeholder={t("console-catalog.products.none")}
                options={a.options.map((o) => ({ value: o, label: o }))}
              />
            ) : (
              <Input autoComplete="off" maxLength={200} />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
