import { useCan, useCustom } from "@refinedev/core";
import { Button, Descriptions, Drawer, Flex, Popconfirm, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiApp, type ConsoleMerchant, consoleMerchantCalls } from "#contracts";
import { useCompactList } from "../../../components/column-chooser";
import { LAPTOP_BREAKPOINT_PX, useViewportBelow } from "../../../components/shell/use-viewport";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { message } from "../../../lib/toast";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";
import { MerchantForm } from "./merchant-form";
import { MerchantPrices } from "./merchant-prices";
import { MerchantUsers } from "./merchant-users";

const heading = (text: string) => (
  <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
    {text}
  </Typography.Title>
);

/**
 * One merchant as the reseller runs it: its details (edit, enable or disable: a disabled merchant's sessions and
 * API calls end at once), its users (the first admin with a one-time password, MFA reset, enable or disable) and
 * its API settings, read-only. Every change that takes access away asks for the staff member's code (step-up).
 */
export function MerchantDetail({
  merchant,
  onClose,
  onChanged,
}: {
  merchant: ConsoleMerchant;
  onClose: () => void;
  onChanged: (merchant: ConsoleMerchant) => void;
}) {
  const { t } = useTranslation();
  const mayEdit = useCan({ resource: "merchants", action: "edit" }).data?.can === true;
  const mayReadPrices = useCan({ resource: "prices", action: "list" }).data?.can === true;
  const drawerWidth = useViewportBelow(LAPTOP_BREAKPOINT_PX) ? 960 : 1280;
  // On a phone the details take one column: two squeezed every label onto two lines.
  const compact = useCompactList();
  const [editing, setEditing] = useState(false);
  const params = { id: merchant.id };
  const { query: api } = useCustom<ApiApp>({
    ...customCall(consoleMerchantCalls.apiSettings, params),
    queryOptions: { retry: false },
  });

  const setStatus = async (status: "enabled" | "disabled") => {
    const saved = await consoleCall(consoleMerchantCalls.setStatus, { params, body: { status } }).catch(() => null);
    if (!saved) return;
    void message.success(t(`console-merchants.${status}`, { name: saved.name }));
    onChanged(saved);
  };

  const enabled = merchant.status === "enabled";
  const label = (name: string) => t(`merchant-info.fields.${name}`);
  return (
    <Drawer open width={Math.min(drawerWidth, window.innerWidth)} title={merchant.name} onClose={onClose}>
      <Flex gap={8} justify="flex-end" style={{ marginBottom: 16 }}>
        {mayEdit && <Button onClick={() => setEditing(true)}>{t("common.edit")}</Button>}
        {mayEdit && (
          <Popconfirm
            title={t(enabled ? "console-merchants.confirmDisable" : "console-merchants.confirmEnable", {
              name: merchant.name,
            })}
            okButtonProps={{ danger: enabled }}
            onConfirm={() => setStatus(enabled ? "disabled" : "enabled")}
          >
            <Button danger={enabled}>{t(enabled ? "member.actions.disable" : "member.actions.enable")}</Button>
          </Popconfirm>
        )}
      </Flex>
      <Descriptions column={compact ? 1 : 2} size="small" bordered>
        <Descriptions.Item label={label("merchantNo")}>{merchant.merchantNo}</Descriptions.Item>
        <Descriptions.Item label={label("status")}>
          <Tag color={enabled ? "green" : "red"}>{t(`enums.merchantStatus.${merchant.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={label("companyName")}>{merchant.companyName || "-"}</Descriptions.Item>
        <Descriptions.Item label={label("balance")}>
          {formatMoney(merchant.balance)} {merchant.currency}
        </Descriptions.Item>
        <Descriptions.Item label={label("contactPerson")}>{merchant.contactPerson || "-"}</Descriptions.Item>
        <Descriptions.Item label={label("contactPhone")}>{merchant.contactPhone || "-"}</Descriptions.Item>
        <Descriptions.Item label={label("contactEmail")}>{merchant.contactEmail || "-"}</Descriptions.Item>
        <Descriptions.Item label={label("website")}>{merchant.website || "-"}</Descriptions.Item>
        <Descriptions.Item label={t("api-settings.fields.lowBalanceThreshold")}>
          {merchant.lowBalanceThreshold ? `${formatMoney(merchant.lowBalanceThreshold)} ${merchant.currency}` : "-"}
        </Descriptions.Item>
        <Descriptions.Item label={t("console-merchants.dailyAmountLimit")}>
          {merchant.dailyAmountLimit
            ? `${formatMoney(merchant.dailyAmountLimit)} ${merchant.currency}`
            : t("console-merchants.noLimit")}
        </Descriptions.Item>
        <Descriptions.Item label={t("console-merchants.dailyCountLimit")}>
          {merchant.dailyCountLimit || t("console-merchants.noLimit")}
        </Descriptions.Item>
        <Descriptions.Item label={t("console-prices.merchantList")}>
          {merchant.priceListName ?? t("console-prices.noList")}
        </Descriptions.Item>
        <Descriptions.Item label={t("member.fields.createTime")}>
          {formatDateTime(merchant.createTime)}
        </Descriptions.Item>
      </Descriptions>

      <MerchantUsers merchant={merchant} mayEdit={mayEdit} heading={heading(t("console-merchants.users"))} />

      {heading(t("api-settings.title"))}
      {api.data?.data && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t("api-settings.fields.appId")}>{api.data.data.appId}</Descriptions.Item>
          <Descriptions.Item label={t("api-settings.fields.keyType")}>
            {t(`api-settings.keyTypes.${api.data.data.keyType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t("api-settings.fields.secret")}>
            {api.data.data.secretMasked || "-"}
          </Descriptions.Item>
          <Descriptions.Item label={t("api-settings.fields.callbackUrl")}>
            {api.data.data.callbackUrl || "-"}
          </Descriptions.Item>
          <Descriptions.Item label={t("api-settings.fields.notifyUrl")}>
            {api.data.data.notifyUrl || "-"}
          </Descriptions.Item>
          <Descriptions.Item label={t("api-settings.fields.ipWhitelist")}>
            {api.data.data.ipWhitelist || "-"}
          </Descriptions.Item>
          <Descriptions.Item label={t("api-settings.fields.updateTime")}>
            {formatDateTime(api.data.data.updateTime)}
          </Descriptions.Item>
        </Descriptions>
      )}

      {mayReadPrices && heading(t("console-prices.merchantPrices"))}
      {mayReadPrices && <MerchantPrices merchant={merchant} onChanged={onChanged} />}

      <MerchantForm
        merchant={merchant}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          onChanged(saved);
        }}
      />
    </Drawer>
  );
}
