import { useCan, useCustom } from "@refinedev/core";
import { Button, Descriptions, Drawer, Flex, message, Popconfirm, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiApp, type ConsoleMerchant, consoleMerchantCalls, type MemberItem } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { memberColumns } from "../../../pages/member/member-columns";
import { MemberFormModal } from "../../../pages/member/member-form-modal";
import { PasswordShownModal, type ShownPassword } from "../../../pages/member/password-shown-modal";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";
import { MerchantForm } from "./merchant-form";
import { MerchantPrices } from "./merchant-prices";

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
  const [editing, setEditing] = useState(false);
  const [addingUser, setAddingUser] = useState(false);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const params = { id: merchant.id };
  const { query: users } = useCustom<MemberItem[]>({
    ...customCall(consoleMerchantCalls.users, params),
    queryOptions: { retry: false },
  });
  const { query: api } = useCustom<ApiApp>({
    ...customCall(consoleMerchantCalls.apiSettings, params),
    queryOptions: { retry: false },
  });
  const reloadUsers = () => users.refetch();

  const setStatus = async (status: "enabled" | "disabled") => {
    const saved = await consoleCall(consoleMerchantCalls.setStatus, { params, body: { status } }).catch(() => null);
    if (!saved) return;
    void message.success(t(`console-merchants.${status}`, { name: saved.name }));
    onChanged(saved);
  };
  const userAction = async (send: () => Promise<MemberItem>, done: string) => {
    const member = await send().catch(() => null);
    if (!member) return;
    void message.success(t(done, { username: member.username }));
    void reloadUsers();
  };

  const enabled = merchant.status === "enabled";
  const label = (name: string) => t(`merchant-info.fields.${name}`);
  return (
    <Drawer open width={Math.min(960, window.innerWidth)} title={merchant.name} onClose={onClose}>
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
      <Descriptions column={2} size="small" bordered>
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

      <Flex justify="space-between" align="center">
        {heading(t("console-merchants.users"))}
        {mayEdit && (
          <Button type="primary" onClick={() => setAddingUser(true)}>
            {t("console-merchants.addUser")}
          </Button>
        )}
      </Flex>
      <Table<MemberItem>
        rowKey="id"
        size="small"
        loading={users.isLoading}
        dataSource={users.data?.data ?? []}
        pagination={false}
        scroll={{ x: "max-content" }}
        columns={memberColumns(t, {
          selfId: undefined,
          onSetEnabled: (m, on) =>
            void userAction(
              () =>
                consoleCall(consoleMerchantCalls.setUserStatus, {
                  params: { id: merchant.id, userId: m.id },
                  body: { enabled: on },
                }),
              on ? "member.messages.enabled" : "member.messages.disabled",
            ),
          onResetMfa: (m) =>
            void userAction(
              () => consoleCall(consoleMerchantCalls.resetUserMfa, { params: { id: merchant.id, userId: m.id } }),
              "member.messages.mfaReset",
            ),
        }).filter((column) => mayEdit || column.key !== "actions")}
      />

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
      <MemberFormModal
        member={null}
        open={addingUser}
        selfId={undefined}
        onClose={() => setAddingUser(false)}
        onPasswordGenerated={(username, password) => setShown({ username, password })}
        createMember={async (body) => {
          const created = await consoleCall(consoleMerchantCalls.createUser, { params, body });
          void reloadUsers();
          return created;
        }}
      />
      <PasswordShownModal shown={shown} onClose={() => setShown(null)} />
    </Drawer>
  );
}
