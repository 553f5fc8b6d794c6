import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { type UpdatePasswordBody, updatePasswordBody } from "#contracts";
import { removeCookie } from "../lib/cookies";
import { storageKeys } from "../lib/storage-keys";
import { zodRule } from "../lib/zod-rule";
import { logoutLocally } from "../providers/auth-provider";
import { showFailure } from "../providers/http-client";
import { portalApi } from "../providers/portal-api";
import { FormDialog } from "./form-dialog";

/** Spec §9: the password dialog is 600 px wide. */
const DIALOG_WIDTH = 600;
const fields = updatePasswordBody.shape;

/** The merchant portal's own password call and local sign-out; the console passes its own. */
const merchantAccount = {
  update: (body: UpdatePasswordBody) => portalApi.updatePassword(body),
  signOut: () => {
    removeCookie(storageKeys.password);
    logoutLocally({ notice: "passwordChanged" });
  },
};

/**
 * Old, new and confirmation. On success the server has already ended every session of the user, so the
 * sign-out here is local (a server logout would only meet a 401).
 */
export function PasswordDialog({
  open,
  onClose,
  account = merchantAccount,
}: {
  open: boolean;
  onClose: () => void;
  account?: { update: (body: UpdatePasswordBody) => Promise<unknown>; signOut: () => void };
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UpdatePasswordBody>();

  const onSubmit = async (values: UpdatePasswordBody) => {
    await account.update(values).catch((error: unknown) => {
      showFailure(error, t("common.operationFailed"));
      throw error; // its field errors go on the fields
    });
    // The page is replaced at once, so the success is said on the sign-in page, where it can be read.
    account.signOut();
  };

  const matchesNew = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, value: unknown) => {
      if (value && value !== getFieldValue("newPassword")) throw new Error(t("validation.passwordMismatch"));
    },
  });

  return (
    <FormDialog<UpdatePasswordBody>
      open={open}
      title={t("shell.password.title")}
      width={DIALOG_WIDTH}
      form={form}
      name="password"
      okText={t("common.submit")}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Form.Item name="oldPassword" label={t("shell.password.old")} required rules={[zodRule(fields.oldPassword, t)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t("shell.password.new")} required rules={[zodRule(fields.newPassword, t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="rePassword"
        label={t("shell.password.confirm")}
        required
        dependencies={["newPassword"]}
        rules={[zodRule(fields.rePassword, t), matchesNew]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
