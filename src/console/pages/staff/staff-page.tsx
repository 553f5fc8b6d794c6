import { useCan, useCustom, useGetIdentity } from "@refinedev/core";
import { Form, Input, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  roleCalls,
  type StaffInfo,
  type StaffMember,
  type StaffRole,
  staffCalls,
  staffCreateBody,
  staffUpdateBody,
} from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { FormDialog } from "../../../components/form-dialog";
import { ListCard } from "../../../components/list-page";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { PasswordShownModal, type ShownPassword } from "../../../pages/member/password-shown-modal";
import { customCall } from "../../../providers/api-call";
import { roleName } from "../../console-resources";
import { consoleCall } from "../../console-session";
import { useWholeList, WholeListActions, WholeListTable } from "../../whole-list";
import { type StaffRowActions, staffColumns, staffLaptopColumns, staffPhoneColumns } from "./staff-columns";

interface Values {
  username: string;
  name: string;
  roleIds: number[];
}

/**
 * The console's staff (issue 15): who holds which roles (a member may hold several), enabled or not, MFA bound or
 * not. A super administrator creates accounts (a one-time password, shown once), edits names and roles, resets
 * a password or MFA, and disables accounts; every such change asks for their code again (step-up). The server
 * keeps at least one enabled super administrator.
 */
export default function StaffPage() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<StaffInfo>();
  const mayCreate = useCan({ resource: "staff", action: "create" }).data?.can === true;
  const mayEdit = useCan({ resource: "staff", action: "edit" }).data?.can === true;
  const { query, editing, setEditing } = useWholeList<StaffMember>(staffCalls.staff);
  const { query: rolesQuery } = useCustom<StaffRole[]>({
    ...customCall(roleCalls.roles),
    queryOptions: { retry: false, enabled: mayCreate || mayEdit },
  });
  const roles = rolesQuery.data?.data ?? [];
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [form] = Form.useForm<Values>();
  const reload = () => void query.refetch();

  const save = async (values: Values) => {
    if (editing === "new") {
      const { member, password } = await consoleCall(staffCalls.createStaff, { body: values });
      setShown({ username: member.username, password });
      void message.success(t("console-staff.created", { username: member.username }));
    } else if (editing) {
      await consoleCall(staffCalls.updateStaff, {
        params: { id: editing.id },
        body: { name: values.name, roleIds: values.roleIds },
      });
      void message.success(t("console-staff.saved", { username: editing.username }));
    }
    setEditing(null);
    reload();
  };
  const act = async (send: () => Promise<unknown>, done: string, member: StaffMember) => {
    const answer = await send().catch(() => null);
    if (answer === null) return;
    void message.success(t(done, { username: member.username }));
    reload();
  };

  const roleOf = new Map(roles.map((r) => [r.id, r]));
  const label = (field: string) => t(`console-staff.fields.${field}`);
  const rowActions: StaffRowActions | undefined = mayEdit
    ? {
        selfId: me?.id,
        edit: setEditing,
        setEnabled: (s, enabled) =>
          act(
            () => consoleCall(staffCalls.updateStaff, { params: { id: s.id }, body: { enabled } }),
            `console-staff.${enabled ? "enabled" : "disabled"}`,
            s,
          ),
        resetMfa: (s) =>
          act(() => consoleCall(staffCalls.resetStaffMfa, { params: { id: s.id } }), "console-staff.mfaReset", s),
        resetPassword: async (s) => {
          const answer = await consoleCall(staffCalls.resetStaffPassword, { params: { id: s.id } }).catch(() => null);
          if (answer) setShown({ username: s.username, password: answer.password });
        },
      }
    : undefined;
  const { columns, chooser } = useColumnChoice(
    "console-staff",
    staffColumns(t, roleOf, rowActions),
    staffPhoneColumns,
    staffLaptopColumns,
  );
  return (
    <ListCard
      title={t("console-staff.title")}
      actions={
        <WholeListActions
          query={query}
          createLabel={t("console-staff.create")}
          onCreate={mayCreate ? () => setEditing("new") : undefined}
          chooser={chooser}
        />
      }
    >
      <WholeListTable<StaffMember> query={query} columns={columns} />
      <FormDialog<Values>
        open={editing !== null}
        title={
          editing === "new" ? t("console-staff.create") : t("console-staff.edit", { username: editing?.username ?? "" })
        }
        form={form}
        name="staff"
        record={editing}
        values={() => editing && editing !== "new" && { name: editing.name, roleIds: editing.roleIds }}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        {editing === "new" && (
          <Form.Item
            name="username"
            label={label("username")}
            extra={t("member.hints.username")}
            required
            rules={[zodRule(staffCreateBody.shape.username, t)]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="name" label={label("name")} rules={[zodRule(staffCreateBody.shape.name, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="roleIds"
          label={label("roles")}
          required
          rules={[zodRule(staffUpdateBody.shape.roleIds.unwrap(), t)]}
        >
          <Select mode="multiple" options={roles.map((r) => ({ value: r.id, label: roleName(t, r) }))} />
        </Form.Item>
      </FormDialog>
      <PasswordShownModal shown={shown} onClose={() => setShown(null)} />
    </ListCard>
  );
}
