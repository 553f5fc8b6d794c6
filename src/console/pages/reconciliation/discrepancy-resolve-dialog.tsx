import { Descriptions, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { type Discrepancy, reconciliationCalls, resolveDiscrepancyBody } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { moneyText } from "../../shared/cost-text";

/**
 * Resolves a discrepancy with a note saying what was done about it (a refund asked of the supplier, a cost
 * corrected, nothing to do and why); the server audits it and keeps who and when. Once only.
 */
export function DiscrepancyResolveDialog({
  discrepancy,
  onClose,
  onResolved,
}: {
  discrepancy: Discrepancy | null;
  onClose: () => void;
  onResolved: (resolved: Discrepancy) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();

  const resolve = async ({ note }: { note: string }) => {
    if (!discrepancy) return;
    const resolved = await consoleCall(reconciliationCalls.resolve, {
      params: { id: discrepancy.id },
      body: { note },
    });
    void message.success(t("console-reconciliation.resolved", { reference: resolved.reference }));
    onResolved(resolved);
  };

  const kind = discrepancy ? t(`console-reconciliation.kinds.${discrepancy.kind}`) : "";
  const label = (field: string) => t(`console-reconciliation.discrepancyFields.${field}`);
  return (
    <FormDialog
      open={discrepancy !== null}
      title={t("console-reconciliation.resolveTitle", { kind, reference: discrepancy?.reference ?? "" })}
      form={form}
      name="resolve-discrepancy"
      onSubmit={resolve}
      onClose={onClose}
      width={560}
      above={
        discrepancy && (
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: "hint", label: kind, children: t(`console-reconciliation.kindHints.${discrepancy.kind}`) },
              { key: "orderNo", label: label("orderNo"), children: discrepancy.orderNo ?? "-" },
              { key: "supplier", label: label("supplierCharged"), children: moneyText(discrepancy.supplier.charged) },
              { key: "ours", label: label("ourCost"), children: moneyText(discrepancy.ours.cost) },
            ]}
          />
        )
      }
    >
      <Form.Item
        name="note"
        label={label("note")}
        extra={t("console-reconciliation.noteHint")}
        required
        rules={[zodRule(resolveDiscrepancyBody.shape.note, t)]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
