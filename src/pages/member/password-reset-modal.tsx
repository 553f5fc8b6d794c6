import { useCustomMutation } from "@refinedev/core";
import { Alert, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import {
  type GeneratedPassword,
  type MemberItem,
  type MemberPasswordReset,
  memberCalls,
  optionalNewPassword,
} from "#contracts";
import { FormDialog } from "../../components/form-dialog";
import { message } from "../../lib/toast";
import { zodRule } from "../../lib/zod-rule";
import { customCall } from "../../providers/api-call";
import { useRefreshMembers } from "./use-member-actions";

export interface PasswordResetModalProps {
  member: MemberItem | null;
  onClose(): void;
  onPasswordGenerated(username: string, password: string): void;
}

/** A new password for a member: the one typed (policy checked) or, left empty, a random one shown once. */
export function PasswordResetModal({ member, onClose, onPasswordGenerated }: PasswordResetModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MemberPasswordReset>();
  const refresh = useRefreshMembers();
  const { mutateAsync } = useCustomMutation<GeneratedPassword>();

  const onSubmit = async ({ password }: MemberPasswordReset) => {
    if (!member) return;
    const { data } = await mutateAsync({
      ...customCall(memberCalls.resetPassword, member),
      values: password ? { password } : {},
    });
    void message.success(t("member.messages.passwordReset", { username: member.username }));
    refresh();
    onClose();
    if (data.password) onPasswordGenerated(member.username, data.password);
  };

  return (
    <FormDialog<MemberPasswordReset>
      open={member !== null}
      title={member ? t("member.titles.resetPassword", { username: member.username }) : ""}
      form={form}
      name="member-password"
      record={member}
      okText={t("common.submit")}
      onSubmit={onSubmit}
      onClose={onClose}
      above={<Alert type="info" showIcon message={t("member.hints.resetPassword")} style={{ marginBottom: 16 }} />}
    >
      <Form.Item name="password" label={t("member.fields.password")} rules={[zodRule(optionalNewPassword, t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
