import { Alert, Button, Descriptions, Drawer, Flex, Form, type FormInstance, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  approveDepositBody,
  type ConsoleDeposit,
  consoleDepositCalls,
  isExchangeRate,
  rejectDepositBody,
  settle,
} from "#contracts";
import { useDialogValues } from "../../../components/form-dialog";
import { applyFieldErrors } from "../../../components/form-errors";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { formatRate } from "../../../lib/funds";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { DepositStatusTag } from "../../../pages/deposit/deposit-status-tag";
import { ProofView } from "../../../pages/deposit/proof-view";
import { consoleCall, consoleFiles } from "../../console-session";

const PROOF_WIDTH = 480;

/**
 * One deposit under review: what the merchant declared, its proof of payment at a readable size, and the decision.
 * Approval takes the rate from the deposit's currency to the merchant's balance currency and previews the settled
 * amount exactly as the server will post it (`settle`, shared); rejection takes the reason the merchant will read.
 */
export function DepositReview({
  deposit,
  mayDecide,
  onClose,
  onDecided,
}: {
  deposit: ConsoleDeposit | null;
  mayDecide: boolean;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const [approveForm] = Form.useForm<{ rate: string }>();
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const rate = Form.useWatch("rate", approveForm)?.trim() ?? "";
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const sameCurrency = deposit !== null && deposit.currency === deposit.balanceCurrency;

  // Each deposit opens with fresh forms; a deposit in the balance's own currency starts at rate 1.
  useDialogValues(approveForm, deposit !== null, deposit, (d) => d?.currency === d?.balanceCurrency && { rate: "1" });
  useDialogValues(rejectForm, deposit !== null, deposit);

  if (!deposit) return null;
  const pending = deposit.status === "pending";
  const settled = isExchangeRate(rate) ? settle(deposit.amount, rate, deposit.balanceCurrency) : null;

  const decide = async (kind: "approve" | "reject", send: () => Promise<unknown>, form: FormInstance) => {
    setBusy(kind);
    try {
      await send();
      const done = kind === "approve" ? "console-deposits.approved" : "console-deposits.rejected";
      void message.success(t(done, { depositNo: deposit.depositNo }));
      onDecided();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(null);
    }
  };
  const approve = ({ rate: value }: { rate: string }) =>
    decide(
      "approve",
      () => consoleCall(consoleDepositCalls.approve, { params: { id: deposit.id }, body: { rate: value } }),
      approveForm,
    );
  const reject = ({ reason }: { reason: string }) =>
    decide(
      "reject",
      () => consoleCall(consoleDepositCalls.reject, { params: { id: deposit.id }, body: { reason } }),
      rejectForm,
    );

  const money = (amount: string | null, currency: string | null) =>
    amount === null ? "-" : `${formatMoney(amount)} ${currency ?? ""}`;
  return (
    <Drawer
      open
      width={Math.min(PROOF_WIDTH + 48, window.innerWidth)}
      title={t("console-deposits.reviewTitle", { depositNo: deposit.depositNo })}
      onClose={onClose}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t("console.fields.merchant")}>
          {deposit.merchantName} ({deposit.merchantNo})
        </Descriptions.Item>
        <Descriptions.Item label={t("deposit.fields.amount")}>
          {money(deposit.amount, deposit.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t("deposit.fields.status")}>
          <DepositStatusTag status={deposit.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t("deposit.fields.referenceNo")}>{deposit.referenceNo}</Descriptions.Item>
        <Descriptions.Item label={t("deposit.fields.paymentGateway")}>{deposit.paymentGateway}</Descriptions.Item>
        <Descriptions.Item label={t("deposit.fields.bankAccount")}>{deposit.bankAccount || "-"}</Descriptions.Item>
        <Descriptions.Item label={t("deposit.fields.transactionTime")}>
          {formatDateTime(deposit.transactionTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t("deposit.fields.remarks")}>{deposit.remarks || "-"}</Descriptions.Item>
        {!pending && (
          <>
            <Descriptions.Item label={t("deposit.fields.exchangeRate")}>
              {formatRate(deposit.exchangeRate)}
            </Descriptions.Item>
            <Descriptions.Item label={t("deposit.fields.settledAmount")}>
              {money(deposit.settledAmount, deposit.settledCurrency)}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
        {t("deposit.fields.proof")}
      </Typography.Title>
      <ProofView
        url={deposit.proofUrl}
        contentType={deposit.proofContentType}
        width={PROOF_WIDTH}
        source={consoleFiles}
      />
      {pending && mayDecide && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            {t("console-deposits.approveTitle")}
          </Typography.Title>
          <Form form={approveForm} name="approve-deposit" layout="vertical" onFinish={(v) => void approve(v)}>
            <Form.Item
              name="rate"
              label={t("console-deposits.rate", { from: deposit.currency, to: deposit.balanceCurrency })}
              required
              rules={[zodRule(approveDepositBody.shape.rate, t)]}
              {...(sameCurrency && { extra: t("console-deposits.sameCurrency") })}
            >
              <Input inputMode="decimal" autoComplete="off" />
            </Form.Item>
            <Alert
              type={settled ? "info" : "warning"}
              showIcon
              role="status"
              message={
                settled
                  ? t("console-deposits.settlesAs", { amount: money(settled, deposit.balanceCurrency) })
                  : t("console-deposits.rateNeeded")
              }
              style={{ marginBottom: 16 }}
            />
            <Button type="primary" htmlType="submit" loading={busy === "approve"} disabled={busy !== null}>
              {t("console-deposits.approve")}
            </Button>
          </Form>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            {t("console-deposits.rejectTitle")}
          </Typography.Title>
          <Form form={rejectForm} name="reject-deposit" layout="vertical" onFinish={(v) => void reject(v)}>
            <Form.Item
              name="reason"
              label={t("deposit.fields.rejectReason")}
              required
              rules={[zodRule(rejectDepositBody.shape.reason, t)]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
            <Flex justify="flex-end">
              <Button danger htmlType="submit" loading={busy === "reject"} disabled={busy !== null}>
                {t("console-deposits.reject")}
              </Button>
            </Flex>
          </Form>
        </>
      )}
    </Drawer>
  );
}
