import { useCan } from "@refinedev/core";
import { Button, Checkbox, Flex, Form, Input, Popconfirm, Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import {
  consoleResources,
  permissionOf,
  roleCalls,
  type StaffRole,
  type StaffRoleBody,
  SUPER_ADMIN,
  staffRoleBody,
} from "#contracts";
import { useCompactList } from "../../../components/column-chooser";
import { FormDialog } from "../../../components/form-dialog";
import { ListCard } from "../../../components/list-page";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { roleName } from "../../console-resources";
import { consoleCall } from "../../console-session";
import { useWholeList, WholeListActions, WholeListTable } from "../../whole-list";

/**
 * Roles as data (issue 15): each a set of permissions, an action on a console area, chosen here from the areas
 * the console declares (contracts/console.ts). The super administrator holds every permission and is not edited.
 * Menus, routes and the server's checks all read the same permissions.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const mayCreate = useCan({ resource: "roles", action: "create" }).data?.can === true;
  const mayEdit = useCan({ resource: "roles", action: "edit" }).data?.can === true;
  const mayDelete = useCan({ resource: "roles", action: "delete" }).data?.can === true;
  const { query, editing, setEditing } = useWholeList<StaffRole>(roleCalls.roles);
  // The permissions wrap within a column that leaves the staff count and the actions room, on a phone too.
  const permissionsWidth = useCompactList() ? 160 : 520;
  const [form] = Form.useForm<StaffRoleBody>();
  const reload = () => void query.refetch();

  const save = async (values: StaffRoleBody) => {
    const body = { name: values.name, permissions: values.permissions ?? [] };
    const saved =
      editing === "new" || editing === null
        ? await consoleCall(roleCalls.createRole, { body })
        : await consoleCall(roleCalls.updateRole, { params: { id: editing.id }, body });
    void message.success(t("console-roles.saved", { name: saved.name }));
    setEditing(null);
    reload();
  };
  const remove = async (role: StaffRole) => {
    if ((await consoleCall(roleCalls.deleteRole, { params: { id: role.id } }).catch(() => false)) === false) return;
    void message.success(t("console-roles.deleted", { name: role.name }));
    reload();
  };

  const area = (name: string) => t(`console-${name}.title`);
  const action = (name: string) => t(`console-roles.actions.${name}`);
  return (
    <ListCard
      title={t("console-roles.title")}
      actions={
        <WholeListActions
          query={query}
          createLabel={t("console-roles.create")}
          onCreate={mayCreate ? () => setEditing("new") : undefined}
        />
      }
    >
      <WholeListTable<StaffRole>
        query={query}
        columns={[
          { key: "name", title: t("console-roles.fields.name"), render: (_, r) => roleName(t, r) },
          {
            key: "permissions",
            title: t("console-roles.fields.permissions"),
            render: (_, r) =>
              r.code === SUPER_ADMIN ? (
                <Tag color="gold">{t("console-roles.all")}</Tag>
              ) : (
                <Flex wrap gap={4} style={{ maxWidth: permissionsWidth }}>
                  {consoleResources
                    .filter((res) => res.actions.some((a) => r.permissions.includes(permissionOf(res.name, a))))
                    .map((res) => (
                      <Tag key={res.name} style={{ marginInlineEnd: 0, whiteSpace: "normal" }}>
                        {area(res.name)}:{" "}
                        {res.actions
                          .filter((a) => r.permissions.includes(permissionOf(res.name, a)))
                          .map(action)
                          .join(", ")}
                      </Tag>
                    ))}
                </Flex>
              ),
          },
          { key: "members", title: t("console-roles.fields.members"), align: "right", dataIndex: "members" },
          {
            key: "actions",
            title: t("console.fields.actions"),
            fixed: "right",
            render: (_, r) =>
              r.code === SUPER_ADMIN ? null : (
                // Wrapping, so on a phone the two fit the column's width.
                <Space size={0} wrap>
                  {mayEdit && (
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      {t("common.edit")}
                    </Button>
                  )}
                  {mayDelete && (
                    <Popconfirm
                      title={t("console-roles.confirmDelete", { name: roleName(t, r) })}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(r)}
                    >
                      <Button type="link" size="small" danger>
                        {t("member.actions.delete")}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <FormDialog<StaffRoleBody>
        open={editing !== null}
        title={editing === "new" ? t("console-roles.create") : t("console-roles.edit")}
        width={720}
        form={form}
        name="role"
        // Filled when the dialog opens for a row, not again when `t` changes (a language event while the dialog is
        // open would otherwise empty what was typed and ticked: the flaky roles step of the console walkthrough).
        record={editing}
        values={() =>
          editing === "new"
            ? { permissions: [] }
            : editing && { name: roleName(t, editing), permissions: editing.permissions }
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="name"
          label={t("console-roles.fields.name")}
          required
          rules={[zodRule(staffRoleBody.shape.name, t)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="permissions" label={t("console-roles.fields.permissions")}>
          <PermissionTable area={area} action={action} />
        </Form.Item>
      </FormDialog>
    </ListCard>
  );
}

/**
 * The permissions as a table of areas and their actions, each a checkbox, as a form control (`value` the
 * permissions held). Each box is checked from `value` and toggles its own permission. Not antd's Checkbox.Group:
 * it reports only the values its boxes have registered (in an effect after they mount), so a tick made while
 * they mount is dropped; the console walkthrough's roles step failed now and then with "clicking the checkbox did
 * not change its state", and a control with no registration cannot.
 */
function PermissionTable({
  id,
  value = [],
  onChange,
  area,
  action,
}: {
  /** From Form.Item: the label points at it. */
  id?: string;
  value?: string[];
  onChange?: (permissions: string[]) => void;
  area: (name: string) => string;
  action: (name: string) => string;
}) {
  const { t } = useTranslation();
  const toggle = (permission: string, on: boolean) =>
    onChange?.(on ? [...value, permission] : value.filter((p) => p !== permission));
  return (
    <Table
      id={id}
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={[...consoleResources]}
      columns={[
        { key: "area", title: t("console-roles.fields.area"), render: (_, r) => area(r.name) },
        {
          key: "actions",
          title: t("console-roles.fields.permissions"),
          render: (_, r) => (
            <Space wrap>
              {r.actions.map((a) => {
                const permission = permissionOf(r.name, a);
                return (
                  <Checkbox
                    key={a}
                    checked={value.includes(permission)}
                    onChange={(e) => toggle(permission, e.target.checked)}
                  >
                    {action(a)}
                  </Checkbox>
                );
              })}
            </Space>
          ),
        },
      ]}
    />
  );
}
