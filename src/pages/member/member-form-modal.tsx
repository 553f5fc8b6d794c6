import { useCreate, useUpdate } from "@refinedev/core";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { type MemberCreate, type MemberCreated, type MemberItem, memberCreate, memberUpdate, roles } from "#contracts";
import { FormDialog } from "../../components/form-dialog";
import { message } from "../../lib/toast";
import { zodRule } from "../../lib/zod-rule";
import { MEMBER_RESOURCE } from "./use-member-actions";

type Values = MemberCreate;
const FORM_NAME = "member";

/** The list shows the account where no name was given; the form must not save that back as the name. */
const initialValues = (member: MemberItem | null): Partial<Values> =>
  member
    ? {
        name: member.name === member.username ? "" : member.name,
        phone: member.phone,
        role: member.role,
        remark: member.remark,
      }
    : { role: "operator" };

/** Only what the call takes; an empty password means "generate one". */
function toBody(values: Values, creating: boolean) {
  const { username, password, ...rest } = values;
  if (!creating) return rest;
  return { username, ...rest, ...(password ? { password } : {}) };
}

export interface MemberFormModalProps {
  /** null: create a new member. */
  member: MemberItem | null;
  open: boolean;
  selfId: number | undefined;
  onClose(): void;
  /** A password the server generated: the page shows it once. */
  onPasswordGenerated(username: string, password: string): void;
  /** Creates through another call than the merchant's member resource (the console's, for a merchant's users). */
  createMember?: (body: MemberCreate) => Promise<MemberCreated>;
}

/** Create or edit a member; the server's field errors (an account in use, a weak password) land on the fields. */
export function MemberFormModal({
  member,
  open,
  selfId,
  onClose,
  onPasswordGenerated,
  createMember,
}: MemberFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { mutateAsync: create } = useCreate<MemberCreated>();
  const { mutateAsync: update } = useUpdate<MemberItem>();
  const creating = member === null;
  const shape = creating ? memberCreate.shape : { ...memberCreate.shape, ...memberUpdate.shape };

  const onSubmit = async (values: Values) => {
    const body = toBody(values, creating);
    if (creating) {
      const data = createMember
        ? await createMember(body as MemberCreate)
        : (await create({ resource: MEMBER_RESOURCE, values: body })).data;
      void message.success(t("member.messages.created", { username: data.username }));
      onClose();
      if (data.password) onPasswordGenerated(data.username, data.password);
      return;
    }
    await update({ resource: MEMBER_RESOURCE, id: member.id, values: body });
    void message.success(t("member.messages.updated", { username: member.username }));
    onClose();
  };

  const label = (name: string) => t(`member.fields.${name}`);
  const roleOptions = roles.map((role) => ({
    value: role,
    label: `${t(`enums.role.${role}`)} — ${t(`enums.roleDescription.${role}`)}`,
  }));
  return (
    <FormDialog<Values>
      open={open}
      title={creating ? t("member.titles.create") : t("member.titles.edit", { username: member.username })}
      width={560}
      form={form}
      name={FORM_NAME}
      record={member}
      values={() => initialValues(member)}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {creating && (
        <>
          <Form.Item
            name="username"
            label={label("username")}
            extra={t("member.hints.username")}
            required
            rules={[zodRule(shape.username, t)]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={label("password")}
            extra={t("member.hints.password")}
            rules={[zodRule(shape.password, t)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Form.Item name="role" label={label("role")} required rules={[zodRule(shape.role, t)]}>
        {/* Nobody demotes themselves: the server refuses it too. */}
        <Select options={roleOptions} disabled={!creating && member.id === selfId} />
      </Form.Item>
      <Form.Item name="name" label={label("name")} rules={[zodRule(shape.name, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label={label("phone")} rules={[zodRule(shape.phone, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="remark" label={label("remark")} rules={[zodRule(shape.remark, t)]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}
