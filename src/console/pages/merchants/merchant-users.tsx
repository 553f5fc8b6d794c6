import { useCustom } from "@refinedev/core";
import { Button, Flex, Space, Table } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleMerchant, consoleMerchantCalls, type MemberItem } from "#contracts";
import { useColumnChoice, useCompactList } from "../../../components/column-chooser";
import { listTableLayout } from "../../../components/list-page";
import { message } from "../../../lib/toast";
import { memberColumns } from "../../../pages/member/member-columns";
import { MemberFormModal } from "../../../pages/member/member-form-modal";
import { PasswordShownModal, type ShownPassword } from "../../../pages/member/password-shown-modal";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";
import { WrappedText } from "../../shared/wrapped-text";

/**
 * The users table's columns by width: the drawer is 960 px wide up to a laptop's screen, where the account, role,
 * MFA, status and last login fit beside the actions; the name, phone, remark and creation date are one click away
 * in the column chooser (a wider screen's wider drawer shows them all).
 */
const userPhoneColumns = ["username", "mfaStatus", "actions"];
const userLaptopColumns = ["username", "role", "mfaStatus", "enabled", "lastLoginTime", "actions"];

/**
 * A merchant's users as the reseller runs them: the first admin added with a one-time password, a user enabled
 * or disabled, an MFA reset (for a user who bound one); each after the staff member's code (step-up).
 */
export function MerchantUsers({
  merchant,
  mayEdit,
  heading,
}: {
  merchant: ConsoleMerchant;
  mayEdit: boolean;
  heading: ReactNode;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const params = { id: merchant.id };
  const { query: users } = useCustom<MemberItem[]>({
    ...customCall(consoleMerchantCalls.users, params),
    queryOptions: { retry: false },
  });
  const act = async (send: () => Promise<MemberItem>, done: string) => {
    const member = await send().catch(() => null);
    if (!member) return;
    void message.success(t(done, { username: member.username }));
    void users.refetch();
  };
  const compact = useCompactList();
  const userParams = (m: MemberItem) => ({ params: { id: merchant.id, userId: m.id } });
  const { columns, chooser } = useColumnChoice(
    "console-merchant-users",
    memberColumns(t, {
      selfId: undefined,
      onSetEnabled: (m, enabled) =>
        void act(
          () => consoleCall(consoleMerchantCalls.setUserStatus, { ...userParams(m), body: { enabled } }),
          enabled ? "member.messages.enabled" : "member.messages.disabled",
        ),
      onResetMfa: (m) =>
        void act(() => consoleCall(consoleMerchantCalls.resetUserMfa, userParams(m)), "member.messages.mfaReset"),
    })
      .filter((column) => mayEdit || column.key !== "actions")
      // On a phone an account (an e-mail address) wraps, so the MFA status and the actions fit beside it.
      .map((column) =>
        compact && column.key === "username"
          ? { ...column, render: (_, m: MemberItem) => <WrappedText width={150}>{m.username}</WrappedText> }
          : column,
      ),
    userPhoneColumns,
    userLaptopColumns,
  );

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {heading}
        <Space wrap>
          {mayEdit && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t("console-merchants.addUser")}
            </Button>
          )}
          {chooser}
        </Space>
      </Flex>
      <Table<MemberItem>
        rowKey="id"
        loading={users.isLoading}
        dataSource={users.data?.data ?? []}
        pagination={false}
        {...listTableLayout(compact)}
        columns={columns}
      />
      <MemberFormModal
        member={null}
        open={adding}
        selfId={undefined}
        onClose={() => setAdding(false)}
        onPasswordGenerated={(username, password) => setShown({ username, password })}
        createMember={async (body) => {
          const created = await consoleCall(consoleMerchantCalls.createUser, { params, body });
          void users.refetch();
          return created;
        }}
      />
      <PasswordShownModal shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
