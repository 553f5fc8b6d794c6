import { Button, Form, Popconfirm, Space, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CategoryBody, catalogCalls } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { consoleCall } from "../../console-session";
import { useWholeList, WholeListTable, WholeListToolbar } from "../../whole-list";
import type { CatalogAccess } from "./catalog-access";

/** A category, a brand or an attribute: each has names, a place in its list and the products that use it. */
interface Entry {
  id: number;
  name: string;
  sort: number;
  products: number;
}

type ShortListCalls = (typeof catalogCalls)["categories" | "brands" | "attributes"];

/**
 * One of the catalog's short lists, read whole: its rows with the columns a kind adds, the products using each,
 * and for those allowed an add button, an edit dialog holding the kind's `fields`, and a delete the server refuses
 * while a product uses the row. Texts are the kind's (`console-catalog.<kind>.*`).
 */
export function ShortList<T extends Entry>({
  kind,
  calls,
  access,
  columns,
  fields,
  valuesOf,
  initialValues = { sort: 0 },
}: {
  kind: "categories" | "brands" | "attributes";
  calls: ShortListCalls;
  access: CatalogAccess;
  columns: TableColumnsType<T>;
  fields: ReactNode;
  /** The form's values for a row being edited. */
  valuesOf: (row: T) => object;
  /** A new row's values. */
  initialValues?: object;
}) {
  const { t } = useTranslation();
  const text = (key: string, values?: Record<string, unknown>) => t(`console-catalog.${kind}.${key}`, values);
  const { query, editing, setEditing, saved } = useWholeList<T>(calls.list, {
    loadFailed: `console-catalog.${kind}.loadFailed`,
  });

  const remove = async (row: T) => {
    try {
      await consoleCall(calls.remove, { params: { id: row.id } });
    } catch {
      return; // the http client has said why (a product still uses it)
    }
    void message.success(text("deleted", { name: row.name }));
    void query.refetch();
  };

  return (
    <>
      <WholeListToolbar
        query={query}
        createLabel={text("create")}
        onCreate={access.mayCreate ? () => setEditing("new") : undefined}
      />
      <WholeListTable<T>
        query={query}
        columns={[
          ...columns,
          { key: "sort", title: text("fields.sort"), dataIndex: "sort", align: "right" },
          { key: "products", title: text("fields.products"), dataIndex: "products", align: "right" },
          {
            key: "actions",
            title: t("console.fields.actions"),
            fixed: "right",
            render: (_, row) => (
              <Space size={0}>
                {access.mayEdit && (
                  <Button
                    type="link"
                    size="small"
                    aria-label={text("edit", { name: row.name })}
                    onClick={() => setEditing(row)}
                  >
                    {t("common.edit")}
                  </Button>
                )}
                {access.mayDelete && (
                  <Popconfirm
                    title={text("deleteConfirm", { name: row.name })}
                    okText={t("console-catalog.delete")}
                    okButtonProps={{ danger: true }}
                    cancelText={t("common.cancel")}
                    onConfirm={() => remove(row)}
                  >
                    <Button type="link" size="small" danger aria-label={text("delete", { name: row.name })}>
                      {t("console-catalog.delete")}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ShortListForm
        kind={kind}
        calls={calls}
        row={editing === "new" ? null : editing}
        open={editing !== null}
        values={editing && editing !== "new" ? valuesOf(editing) : null}
        fields={fields}
        initialValues={initialValues}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
    </>
  );
}

/** Adds a row (`row` null) or changes one; the server's field errors land on the fields. */
function ShortListForm({
  kind,
  calls,
  row,
  open,
  values,
  fields,
  initialValues,
  onClose,
  onSaved,
}: {
  kind: string;
  calls: ShortListCalls;
  row: Entry | null;
  open: boolean;
  values: object | null;
  fields: ReactNode;
  initialValues: object;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const text = (key: string, v?: Record<string, unknown>) => t(`console-catalog.${kind}.${key}`, v);

  // The kind's own fields make its body (a category's, a brand's or an attribute's); the server checks it.
  const save = async (values: object) => {
    const body = values as CategoryBody;
    const saved = (
      row
        ? await consoleCall(calls.update, { params: { id: row.id }, body })
        : await consoleCall(calls.create, { body })
    ) as Entry;
    void message.success(text(row ? "saved" : "created", { name: saved.name }));
    onSaved();
  };

  return (
    <FormDialog
      open={open}
      title={row ? text("edit", { name: row.name }) : text("create")}
      form={form}
      name={`catalog-${kind}`}
      record={row}
      values={() => values}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
    >
      {fields}
    </FormDialog>
  );
}
