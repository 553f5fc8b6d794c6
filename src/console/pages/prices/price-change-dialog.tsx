import { Button, DatePicker, Form, Input, Radio, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type PriceChangeBody,
  type PriceChangeKind,
  type PriceChangePreview,
  type PriceList,
  priceCalls,
  priceChangeBody,
  priceChangeKinds,
} from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { useFormSave } from "../../../components/use-form-save";
import { DATE_TIME_FORMAT, formatDateTime } from "../../../lib/date-format";
import { consoleCall } from "../../console-session";
import { PricePreviewTable } from "./price-preview-table";

interface Values {
  kind: PriceChangeKind;
  value?: string;
  when: "now" | "later";
  effectiveAt?: Dayjs | null;
}

/** The call's body for what the form holds (the chosen time to the minute: a change lands on a round time). */
function bodyOf(skuIds: number[], values: Partial<Values>): PriceChangeBody {
  const kind = values.kind ?? "set";
  return {
    skuIds,
    kind,
    ...(kind !== "remove" && { value: values.value?.trim() ?? "" }),
    ...(values.when === "later" &&
      values.effectiveAt && { effectiveAt: values.effectiveAt.startOf("minute").toISOString() }),
  };
}

/**
 * Changes the chosen SKUs' prices together: set one price, move them by a percent, or cost plus a margin, or take
 * them off the list, now or at a chosen time. Preview shows each SKU before and after (and the ones left out, and
 * why) without writing anything; Apply is offered only for the inputs just previewed, and the server computes the
 * change again as it writes it. The form checks the value with the contract's own rules.
 */
export function PriceChangeDialog({
  list,
  skuIds,
  open,
  onClose,
  onApplied,
}: {
  list: PriceList;
  skuIds: number[];
  open: boolean;
  onClose: () => void;
  /** Told what was done, in words. */
  onApplied: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // Preview is the dialog's second action: its own call, its refusals painted as the submit's are.
  const { saving: previewing, run } = useFormSave(form);
  const [preview, setPreview] = useState<{ input: string; answer: PriceChangePreview } | null>(null);
  const values = Form.useWatch((v: Values) => v, form) ?? {};
  const kind = values.kind ?? "set";
  const current = JSON.stringify(bodyOf(skuIds, values));

  // FormDialog empties the form as it opens; the last preview goes too.
  useLayoutEffect(() => {
    if (open) setPreview(null);
  }, [open]);

  /** The message of the contract's first complaint about `field` (what the server would say). */
  const contractRule = (field: "value" | "effectiveAt") => ({
    validator: async () => {
      const issue = priceChangeBody
        .safeParse(bodyOf(skuIds, form.getFieldsValue()))
        .error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(t(issue.message));
    },
  });

  const previewChange = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    const body = bodyOf(skuIds, checked);
    await run(async () => {
      const answer = await consoleCall(priceCalls.preview, { params: { id: list.id }, body });
      setPreview({ input: JSON.stringify(body), answer });
    });
  };
  const apply = async (checked: Values) => {
    const body = bodyOf(skuIds, checked);
    const answer = await consoleCall(priceCalls.apply, { params: { id: list.id }, body });
    const time = formatDateTime(answer.effectiveTime);
    onApplied(
      body.effectiveAt
        ? t("console-prices.scheduledDone", { count: answer.changes, time })
        : t("console-prices.appliedDone", { count: answer.changes }),
    );
  };

  const fresh = preview !== null && preview.input === current;
  // A change that would change nothing is refused by the server: the preview has already said why for each SKU.
  const applicable = fresh && preview.answer.changes > 0;
  const label = (field: string) => t(`console-prices.change.${field}`);
  return (
    <FormDialog<Values>
      open={open}
      title={t("console-prices.change.title", { count: skuIds.length, list: list.name })}
      width={880}
      form={form}
      name="price-change"
      initialValues={{ kind: "set", when: "now" }}
      okText={label("apply")}
      // Apply is offered only for the inputs just previewed.
      okDisabled={!applicable}
      busy={previewing}
      actions={(working) => (
        <Button loading={previewing} disabled={working} onClick={() => void previewChange()}>
          {label("preview")}
        </Button>
      )}
      onSubmit={apply}
      onClose={onClose}
      below={
        preview && (
          <>
            <Typography.Paragraph strong={fresh} type={fresh ? undefined : "secondary"}>
              {t(fresh ? "console-prices.change.summary" : "console-prices.change.stale", {
                changes: preview.answer.changes,
                skipped: preview.answer.skipped,
                time: formatDateTime(preview.answer.effectiveTime),
              })}
            </Typography.Paragraph>
            <PricePreviewTable preview={preview.answer} currency={list.currency} />
          </>
        )
      }
    >
      <Form.Item name="kind" label={label("kind")} extra={t(`console-prices.kindHints.${kind}`)}>
        <Radio.Group
          optionType="button"
          options={priceChangeKinds.map((k) => ({ value: k, label: t(`console-prices.kinds.${k}`) }))}
        />
      </Form.Item>
      {kind !== "remove" && (
        <Form.Item
          name="value"
          label={kind === "set" ? label("price") : label(kind)}
          required
          rules={[contractRule("value")]}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            style={{ width: 200 }}
            suffix={kind === "set" ? list.currency : "%"}
          />
        </Form.Item>
      )}
      <Form.Item name="when" label={label("when")}>
        <Radio.Group options={(["now", "later"] as const).map((w) => ({ value: w, label: label(w) }))} />
      </Form.Item>
      {values.when === "later" && (
        <Form.Item
          name="effectiveAt"
          label={label("effectiveAt")}
          required
          rules={[{ required: true, message: t("validation.required") }, contractRule("effectiveAt")]}
        >
          <DatePicker
            showTime={{ format: "HH:mm" }}
            format="YYYY-MM-DD HH:mm"
            placeholder={DATE_TIME_FORMAT.slice(0, 16)}
            disabledDate={(day) => day.isBefore(dayjs(), "day")}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
