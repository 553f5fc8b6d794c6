import { useCustomMutation } from "@refinedev/core";
import { Alert, Form, Input, Modal, message } from "antd";
import { useTranslation } from "react-i18next";
import {
  type GeneratedPassword,
  type MemberItem,
  type MemberPasswordReset,
  memberCalls,
  optionalNewPassword,
} from "#contracts";
import { useDialogValues } from "../../components/form-dialog";
import { applyFieldErrors } from "../../components/form-errors";
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
  const { mutate, mutation } = useCustomMutation<GeneratedPassword>();
  useDialogValues(form, member !== null, member);

  const onFinish = ({ password }: MemberPasswordReset) => {
    if (!member) return;
    mutate(
      { ...customCall(memberCalls.resetPassword, member), values: password ? { password } : {} },
      {
        onSuccess: ({ data }) => {
          void message.success(t("member.messages.passwordReset", { username: member.username }));
          refresh();
          onClose();
          if (data.password) onPasswordGenerated(member.username, data.password);
        },
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  };

  return (
    <Modal
      open={member !== null}
      title={member ? t("member.titles.resetPassword", { username: member.username }) : ""}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t("common.submit")}
      cancelText={t("common.cancel")}
      confirmLoading={mutation.isPending}
      forceRender
    >
      <Alert type="info" showIcon message={t("member.hints.resetPassword")} style={{ marginBottom: 16 }} />
      <Form<MemberPasswordReset> form={form} name="member-password" layout="vertical" onFinish={onFinish}>
        <Form.Item name="password" label={t("member.fields.password")} rules={[zodRule(optionalNewPassword, t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
