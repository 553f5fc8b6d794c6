import { useGetIdentity, useInvalidateAuthStore } from "@refinedev/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { consoleCalls, type StaffInfo } from "#contracts";
import { MfaBindDialog } from "../components/mfa/mfa-bind-dialog";
import { MfaCodeDialog } from "../components/mfa/mfa-code-dialog";
import { buildOtpauthUri } from "../lib/otpauth";
import { message } from "../lib/toast";
import { showFailure } from "../providers/http-client";
import { useProductName } from "../providers/use-public-config";
import { consoleCall, loadStaffInfo } from "./console-session";

/**
 * MFA is mandatory for staff from the first sign-in (issue 15): until an authenticator is bound the console shows
 * only this, the key as a QR code and then its first code, with the merchant portal's dialogs.
 */
export function ConsoleMfaBind() {
  const { t } = useTranslation();
  const issuer = `${useProductName()} ${t("console.title")}`;
  const { data: staff } = useGetIdentity<StaffInfo>();
  const invalidateAuth = useInvalidateAuthStore();
  const [step, setStep] = useState<"qr" | "code">("qr");
  const [attempt, setAttempt] = useState(0);
  const [key, setKey] = useState<{ value: string | null; failed: boolean }>({ value: null, failed: false });
  const [submitting, setSubmitting] = useState(false);
  const unbound = staff?.mfaStatus === 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a fresh key.
  useEffect(() => {
    if (!unbound) return;
    let live = true;
    setKey({ value: null, failed: false });
    consoleCall(consoleCalls.mfaKey)
      .then((value) => live && setKey({ value, failed: false }))
      .catch(() => live && setKey({ value: null, failed: true }));
    return () => {
      live = false;
    };
  }, [unbound, attempt]);

  /** Answers the server's refusal, for the dialog to show on its field. */
  const bind = async (code: string): Promise<unknown> => {
    setSubmitting(true);
    try {
      await consoleCall(consoleCalls.bindMfa, { body: { captcha: code, mfaKey: key.value ?? "" } });
    } catch (error) {
      showFailure(error, t("common.operationFailedReason", { reason: (error as Error).message }));
      return undefined;
    } finally {
      setSubmitting(false);
    }
    void message.success(t("common.operationSuccess"));
    await loadStaffInfo({ fresh: true }).catch(() => undefined);
    await invalidateAuth();
    setStep("qr");
    return undefined;
  };

  const uri = key.value && staff ? buildOtpauthUri(issuer, staff.username, key.value) : null;
  return (
    <>
      <MfaBindDialog
        open={unbound && step === "qr"}
        bound={false}
        uri={uri}
        mfaKey={key.value}
        keyFailed={key.failed}
        onRetry={() => setAttempt((n) => n + 1)}
        onCancel={() => undefined}
        onNext={() => setStep("code")}
      />
      <MfaCodeDialog
        open={unbound && step === "code"}
        submitting={submitting}
        onSubmit={bind}
        onCancel={() => setStep("qr")}
      />
    </>
  );
}
