import { useGetIdentity, useInvalidateAuthStore } from "@refinedev/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "#contracts";
import { buildOtpauthUri } from "../../lib/otpauth";
import { message } from "../../lib/toast";
import { showFailure } from "../../providers/http-client";
import { portalApi } from "../../providers/portal-api";
import { useProductName } from "../../providers/use-public-config";
import { loadUserInfo } from "../../providers/user-session";
import { MfaBindDialog } from "./mfa-bind-dialog";
import { MfaCodeDialog } from "./mfa-code-dialog";

type Step = "qr" | "code";

/**
 * Spec §4's MFA flows. Unbound at shell load: fetch a key, show its QR, then the code, bind, reload the user
 * and start over if still unbound. "Reset MFA": the code, unbind, reload, and the bind flow follows by itself.
 */
export function MfaController({ resetOpen, onResetClose }: { resetOpen: boolean; onResetClose: () => void }) {
  const { t } = useTranslation();
  const issuer = useProductName();
  const { data: user } = useGetIdentity<UserInfo>();
  const invalidateAuth = useInvalidateAuthStore();
  const unbound = user?.mfaStatus === 0;
  const [step, setStep] = useState<Step>("qr");
  const [attempt, setAttempt] = useState(0);
  const [key, setKey] = useState<{ value: string | null; failed: boolean }>({ value: null, failed: false });
  const [submitting, setSubmitting] = useState(false);

  // A fresh key for every bind attempt (the server forgets keys it issued that were never bound).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger for a new key.
  useEffect(() => {
    if (!unbound) return;
    let live = true;
    setKey({ value: null, failed: false });
    portalApi
      .mfaKey()
      .then((value) => live && setKey({ value, failed: false }))
      .catch(() => live && setKey({ value: null, failed: true }));
    return () => {
      live = false;
    };
  }, [unbound, attempt]);

  /** Re-reads logged/info and refreshes everything that shows it. */
  const reloadUser = useCallback(async () => {
    const fresh = await loadUserInfo({ fresh: true });
    await invalidateAuth();
    return fresh;
  }, [invalidateAuth]);

  const submit = async (call: () => Promise<unknown>, afterSuccess: (fresh: UserInfo) => void) => {
    setSubmitting(true);
    try {
      await call();
    } catch (error) {
      // Spec §8's words, in place of the client's toast; the reason is in it, so the field shows nothing more.
      showFailure(error, t("common.operationFailedReason", { reason: (error as Error).message }));
      return undefined;
    } finally {
      setSubmitting(false);
    }
    const fresh = await reloadUser().catch(() => null);
    void message.success(t("common.operationSuccess"));
    if (fresh) afterSuccess(fresh);
    return undefined;
  };

  const restartBind = () => {
    setStep("qr");
    setAttempt((n) => n + 1);
  };

  const bind = (code: string) =>
    submit(
      () => portalApi.bindMfa({ captcha: code, mfaKey: key.value ?? "" }),
      (fresh) => (fresh.mfaStatus === 0 ? restartBind() : setStep("qr")),
    );

  const unbind = (code: string) =>
    submit(
      () => portalApi.unbindMfa(code),
      () => {
        // Now unbound, the bind flow opens by itself (a key is fetched when the status flips).
        onResetClose();
        setStep("qr");
      },
    );

  const uri = key.value && user ? buildOtpauthUri(issuer, user.username, key.value) : null;
  return (
    <>
      <MfaBindDialog
        open={unbound && step === "qr" && !resetOpen}
        bound={!unbound}
        uri={uri}
        mfaKey={key.value}
        keyFailed={key.failed}
        onRetry={() => setAttempt((n) => n + 1)}
        onCancel={() => setStep("qr")}
        onNext={() => setStep("code")}
      />
      <MfaCodeDialog
        open={resetOpen || (unbound && step === "code")}
        {...(resetOpen && { title: t("shell.mfa.resetTitle"), hint: t("shell.mfa.resetHint") })}
        submitting={submitting}
        onSubmit={resetOpen ? unbind : bind}
        onCancel={resetOpen ? onResetClose : () => setStep("qr")}
      />
    </>
  );
}
