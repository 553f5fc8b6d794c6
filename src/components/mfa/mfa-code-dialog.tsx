import { Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { MFA_CODE_LENGTH, mfaCode } from "#contracts";
import { zodRule } from "../../lib/zod-rule";
import { FormDialog } from "../form-dialog";

/** Spec §9: the code dialog is 600 px wide. */
const DIALOG_WIDTH = 600;

interface MfaCodeDialogProps {
  open: boolean;
  /** The dialog's own title and a sentence above the field (step-up says why it asks); MFA's by default. */
  title?: string;
  hint?: string;
  /** Prefixes the field's id: two of these dialogs live in the shell at once, and a label must find its own. */
  formName?: string;
  /** Above the page's own dialogs when it asks on their behalf (step-up from a form). */
  zIndex?: number;
  /** The caller's call with the code is running (the dialog is busy until it ends). */
  submitting: boolean;
  /** Resolves to the server's error when the code was refused, so it can be shown on the field. */
  onSubmit: (code: string) => Promise<unknown>;
  onCancel: () => void;
}

/** Asks for the authenticator's 6-digit code (to bind or to unbind). Each opening starts with an empty field. */
export function MfaCodeDialog({
  open,
  title,
  hint,
  formName = "mfa-code",
  zIndex,
  submitting,
  onSubmit,
  onCancel,
}: MfaCodeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ captcha: string }>();
  const submit = async ({ captcha }: { captcha: string }) => {
    const error = await onSubmit(captcha.trim());
    if (error) throw error; // FormDialog shows it on the field
  };
  return (
    <FormDialog<{ captcha: string }>
      open={open}
      title={title ?? t("shell.mfa.codeTitle")}
      width={DIALOG_WIDTH}
      zIndex={zIndex}
      form={form}
      name={formName}
      okText={t("common.submit")}
      busy={submitting}
      onSubmit={submit}
      onClose={onCancel}
      above={hint && <Typography.Paragraph>{hint}</Typography.Paragraph>}
    >
      <Form.Item name="captcha" label={t("shell.mfa.codeLabel")} required rules={[zodRule(mfaCode, t)]}>
        <Input
          maxLength={MFA_CODE_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t("shell.mfa.codePlaceholder")}
        />
      </Form.Item>
    </FormDialog>
  );
}
