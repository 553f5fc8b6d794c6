import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { MfaCodeDialog } from "./mfa-code-dialog";
import { stepUpStore } from "./step-up-store";

/**
 * antd's dialogs sit at 1000, and one opened from a drawer (the console's Create member, in a merchant's drawer)
 * higher still; the step-up asks on behalf of any of them, so above them all (below antd's messages, at 2010).
 */
const STEP_UP_Z_INDEX = 1900;

/**
 * The code dialog for step-up calls (a new secret or key, member changes): whichever page made the call, the
 * http client asks here, and the call goes again with the code. A wrong or used code stays on the field.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const request = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.current);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (code: string) => {
    if (!request) return undefined;
    setSubmitting(true);
    const outcome = await request.send(code).finally(() => setSubmitting(false));
    if (!outcome.ok && outcome.error.errors?.captcha) return outcome.error;
    request.finish(outcome);
    return undefined;
  };

  return (
    <MfaCodeDialog
      open={request !== null}
      title={t("shell.mfa.stepUpTitle")}
      hint={t("shell.mfa.stepUpHint")}
      formName="step-up"
      zIndex={STEP_UP_Z_INDEX}
      submitting={submitting}
      onSubmit={submit}
      onCancel={() => request?.finish(null)}
    />
  );
}
