import { DatePicker, Form, Select, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { type ReconciliationRun, reconciliationCalls, startReconciliationBody } from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { consoleCall } from "../../console-session";
import { dayWindow, windowText } from "./reconciliation-common";

interface Values {
  supplierId?: number;
  days?: [Dayjs | null, Dayjs | null] | null;
}

const DAY_FORMAT = "YYYY-MM-DD";

/** The chosen days as the run's window (whole UTC days, the last one included); null until both ends are chosen. */
function windowOf(days: Values["days"]) {
  const [from, to] = days ?? [];
  return from && to ? dayWindow(from.format(DAY_FORMAT), to.format(DAY_FORMAT)) : null;
}

/** The server names the window's ends; the form has one field for both (FormDialog paints `errors`). */
function onDaysField(error: unknown): unknown {
  const errors = (error as { errors?: Record<string, unknown> } | undefined)?.errors;
  const days = errors?.windowEnd ?? errors?.windowStart;
  return days ? { errors: { days } } : error;
}

/**
 * Reconciles one account over chosen days now (reconciliation:create): the server reads the supplier's report for
 * those UTC days, matches it and answers the finished run, which opens at once.
 */
export function StartReconciliationDialog({
  open,
  suppliers,
  onClose,
  onStarted,
}: {
  open: boolean;
  suppliers: { value: number; label: string }[];
  onClose: () => void;
  onStarted: (run: ReconciliationRun) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  const start = async (values: Values) => {
    const window = windowOf(values.days);
    if (!values.supplierId || !window) return;
    const supplierId = values.supplierId;
    const started = await consoleCall(reconciliationCalls.start, { body: { supplierId, ...window } }).catch(
      (error: unknown) => {
        throw onDaysField(error);
      },
    );
    const done = {
      supplier: started.supplierName,
      window: windowText(t, started.windowStart, started.windowEnd),
    };
    if (started.state === "failed")
      void message.error(t("console-reconciliation.startFailed", { ...done, error: started.error }));
    else void message.success(t("console-reconciliation.started", { ...done, ...started }));
    onStarted(started);
  };

  const label = (field: string) => t(`console-reconciliation.fields.${field}`);
  return (
    <FormDialog
      open={open}
      title={t("console-reconciliation.start")}
      form={form}
      name="start-reconciliation"
      onSubmit={start}
      onClose={onClose}
      width={520}
      above={<Typography.Paragraph type="secondary">{t("console-reconciliation.startHint")}</Typography.Paragraph>}
    >
      <Form.Item
        name="supplierId"
        label={label("supplier")}
        required
        rules={[{ required: true, message: t("validation.required") }]}
      >
        <Select options={suppliers} placeholder={t("console-reconciliation.chooseSupplier")} />
      </Form.Item>
      <Form.Item
        name="days"
        label={label("days")}
        required
        rules={[
          {
            validator: async (_rule, days: Values["days"]) => {
              const window = windowOf(days);
              if (!window) throw new Error(t("validation.required"));
              const checked = startReconciliationBody.safeParse({ supplierId: 1, ...window });
              if (!checked.success) throw new Error(t(checked.error.issues[0]?.message ?? "validation.invalidType"));
            },
          },
        ]}
      >
        <DatePicker.RangePicker format={DAY_FORMAT} style={{ width: "100%" }} />
      </Form.Item>
    </FormDialog>
  );
}
