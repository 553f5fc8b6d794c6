import { type HttpError, useCustom } from "@refinedev/core";
import { Button, Flex, Form, Input, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type RiskSettings, type RiskSettingsBody, riskCalls, riskSettingsBody } from "#contracts";
import { RefreshButton, useLoadFailure } from "../../../components/list-page";
import { useFormSave } from "../../../components/use-form-save";
import { formatDateTime } from "../../../lib/date-format";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";

type Values = RiskSettingsBody;
const shape = riskSettingsBody.shape;

/**
 * The reseller-wide rules' settings, each empty when off: at most N orders from one merchant to one recharge
 * account per hour, and a cooling period during which a new merchant cannot place orders of an amount or more.
 * Shown to every reader of the area; saved only with risk:edit.
 */
export function RiskSettingsForm({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useFormSave(form);
  const { query } = useCustom<RiskSettings, HttpError>({
    ...customCall(riskCalls.settings),
    queryOptions: { retry: false },
  });
  useLoadFailure(query.error, "console-risk.settings.loadFailed");
  const settings = query.data?.data;

  useEffect(() => {
    if (settings)
      form.setFieldsValue({
        velocityPerHour: settings.velocityPerHour,
        coolingDays: settings.coolingDays,
        coolingMinAmount: settings.coolingMinAmount,
      });
  }, [settings, form]);

  const save = async (values: Values) => {
    await run(async () => {
      await consoleCall(riskCalls.updateSettings, { body: values });
      void message.success(t("console-risk.settings.saved"));
      void query.refetch();
    });
  };

  const label = (key: string) => t(`console-risk.settings.${key}`);
  return (
    <>
      <Flex wrap align="center" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {settings?.updateTime
            ? t("console-risk.settings.updateTime", { time: formatDateTime(settings.updateTime) })
            : settings && label("neverUpdated")}
        </Typography.Text>
        <RefreshButton query={query} />
      </Flex>
      <Form<Values>
        form={form}
        name="risk-settings"
        layout="vertical"
        disabled={!mayEdit || !settings}
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="velocityPerHour"
          label={label("velocityPerHour")}
          extra={label("velocityHint")}
          rules={[zodRule(shape.velocityPerHour, t)]}
        >
          <Input inputMode="numeric" autoComplete="off" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="coolingDays"
          label={label("coolingDays")}
          extra={label("coolingDaysHint")}
          rules={[zodRule(shape.coolingDays, t)]}
        >
          <Input inputMode="numeric" autoComplete="off" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="coolingMinAmount"
          label={label("coolingMinAmount")}
          extra={label("coolingMinAmountHint")}
          rules={[zodRule(shape.coolingMinAmount, t)]}
        >
          <Input inputMode="decimal" autoComplete="off" allowClear style={{ width: 200 }} />
        </Form.Item>
        {mayEdit && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {t("common.save")}
          </Button>
        )}
      </Form>
    </>
  );
}
