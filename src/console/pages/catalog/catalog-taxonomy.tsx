import { Avatar, Form, Input, InputNumber, Select, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import {
  type Attribute,
  attributeBody,
  type Brand,
  brandBody,
  type Category,
  catalogCalls,
  categoryBody,
} from "#contracts";
import { zodRule } from "../../../lib/zod-rule";
import type { CatalogAccess } from "./catalog-access";
import { ShortList } from "./catalog-short-list";

/**
 * The catalog's three short lists (categories, brands, attributes): products are filed under a category and a
 * brand and described by attribute values. Each is read whole and edited in a small dialog.
 */

/** The names every kind has: the English one required, the Chinese one shown to Chinese-speaking merchants. */
function NameFields({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const shape = categoryBody.shape;
  return (
    <>
      <Form.Item name="name" label={t(`console-catalog.${kind}.fields.name`)} required rules={[zodRule(shape.name, t)]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="nameZh" label={t(`console-catalog.${kind}.fields.nameZh`)} rules={[zodRule(shape.nameZh, t)]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
    </>
  );
}

function SortField({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="sort"
      label={t(`console-catalog.${kind}.fields.sort`)}
      extra={t("console-catalog.hints.sort")}
      rules={[zodRule(categoryBody.shape.sort, t)]}
    >
      <InputNumber min={-9999} max={9999} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
}

const nameColumn = (title: string) => ({
  key: "name",
  title,
  render: (_: unknown, c: { name: string; nameZh: string }) => (
    <>
      <div>{c.name}</div>
      {c.nameZh && <Typography.Text type="secondary">{c.nameZh}</Typography.Text>}
    </>
  ),
});

export function CategoriesTab(access: CatalogAccess) {
  const { t } = useTranslation();
  return (
    <ShortList<Category>
      kind="categories"
      calls={catalogCalls.categories}
      access={access}
      columns={[nameColumn(t("console-catalog.categories.fields.name"))]}
      valuesOf={(c) => ({ name: c.name, nameZh: c.nameZh, sort: c.sort })}
      fields={
        <>
          <NameFields kind="categories" />
          <SortField kind="categories" />
        </>
      }
    />
  );
}

export function BrandsTab(access: CatalogAccess) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-catalog.brands.fields.${field}`);
  return (
    <ShortList<Brand>
      kind="brands"
      calls={catalogCalls.brands}
      access={access}
      columns={[
        {
          key: "logo",
          title: label("logo"),
          render: (_, b) =>
            b.logoUrl ? (
              <Avatar shape="square" src={b.logoUrl} alt={t("console-catalog.brands.logoOf", { name: b.name })} />
            ) : (
              "-"
            ),
        },
        nameColumn(label("name")),
      ]}
      valuesOf={(b) => ({ name: b.name, nameZh: b.nameZh, logoUrl: b.logoUrl, sort: b.sort })}
      fields={
        <>
          <NameFields kind="brands" />
          <Form.Item
            name="logoUrl"
            label={label("logoUrl")}
            extra={t("console-catalog.hints.imageUrl")}
            rules={[zodRule(brandBody.shape.logoUrl, t)]}
          >
            <Input autoComplete="off" maxLength={500} />
          </Form.Item>
          <SortField kind="brands" />
        </>
      }
    />
  );
}

export function AttributesTab(access: CatalogAccess) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-catalog.attributes.fields.${field}`);
  const shape = attributeBody.shape;
  return (
    <ShortList<Attribute>
      kind="attributes"
      calls={catalogCalls.attributes}
      access={access}
      columns={[
        { key: "code", title: label("code"), dataIndex: "code" },
        nameColumn(label("name")),
        {
          key: "options",
          title: label("options"),
          render: (_, a) =>
            a.options.length === 0 ? (
              <Typography.Text type="secondary">{t("console-catalog.attributes.anyText")}</Typography.Text>
            ) : (
              a.options.map((o) => <Tag key={o}>{o}</Tag>)
            ),
        },
      ]}
      valuesOf={(a) => ({ code: a.code, name: a.name, nameZh: a.nameZh, options: a.options, sort: a.sort })}
      initialValues={{ sort: 0, options: [] }}
      fields={
        <>
          <Form.Item
            name="code"
            label={label("code")}
            extra={t("console-catalog.attributes.hints.code")}
            required
            rules={[zodRule(shape.code, t)]}
          >
            <Input autoComplete="off" maxLength={40} />
          </Form.Item>
          <NameFields kind="attributes" />
          <Form.Item
            name="options"
            label={label("options")}
            extra={t("console-catalog.attributes.hints.options")}
            rules={[zodRule(shape.options, t)]}
          >
            <Select mode="tags" tokenSeparators={[","]} />
          </Form.Item>
          <SortField kind="attributes" />
        </>
      }
    />
  );
}
