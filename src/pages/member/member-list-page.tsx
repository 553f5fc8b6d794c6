import { useGetIdentity, useList } from "@refinedev/core";
import { Button, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_PAGE_SIZE, type MemberItem, memberResource, type UserInfo } from "#contracts";
import { useColumnChoice } from "../../components/column-chooser";
import {
  keyboardScrollable,
  ListCard,
  listPagination,
  listTableLayout,
  RefreshButton,
} from "../../components/list-page";
import { memberColumns } from "./member-columns";
import { MemberFormModal } from "./member-form-modal";
import { PasswordResetModal } from "./password-reset-modal";
import { PasswordShownModal, type ShownPassword } from "./password-shown-modal";
import { MEMBER_RESOURCE, useMemberActions } from "./use-member-actions";

/** Spec §9: the admin list is fetched whole (page 1, size 999999) and cached; every change invalidates it. */
const ALL = { currentPage: 1, pageSize: memberResource.listPageSize, mode: "server" } as const;
const CACHE_MS = 10 * 60 * 1000;

/** Operator management: the merchant's members, and everything an admin does to them. */
export default function MemberListPage() {
  const { t } = useTranslation();
  const { result, query } = useList<MemberItem>({
    resource: MEMBER_RESOURCE,
    pagination: ALL,
    queryOptions: { staleTime: CACHE_MS, gcTime: CACHE_MS },
  });
  const { data: me } = useGetIdentity<UserInfo>();
  const actions = useMemberActions();
  // `undefined` = form closed, `null` = creating, a member = editing them.
  const [editing, setEditing] = useState<MemberItem | null | undefined>(undefined);
  const [resetting, setResetting] = useState<MemberItem | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const showPassword = (username: string, password: string) => setShown({ username, password });

  const all = memberColumns(t, {
    selfId: me?.id,
    onEdit: setEditing,
    onSetEnabled: actions.setEnabled,
    onResetMfa: actions.resetMfa,
    onResetPassword: setResetting,
    onDelete: actions.remove,
  });
  const { columns, chooser, compact } = useColumnChoice("member", all, ["username", "enabled", "actions"]);

  return (
    <ListCard
      title={t("member.title")}
      actions={
        <Space wrap>
          <RefreshButton query={query} />
          {chooser}
          <Button type="primary" onClick={() => setEditing(null)}>
            {t("member.actions.create")}
          </Button>
        </Space>
      }
    >
      <Table<MemberItem>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        loading={query.isLoading || actions.pending}
        // Wide, the cells wrap to the card (the actions under one another, dates over two lines) rather than push
        // the actions past its edge; a phone keeps its few columns in the width.
        {...(compact ? listTableLayout(true) : { size: "middle" })}
        ref={keyboardScrollable}
        pagination={listPagination({ defaultPageSize: DEFAULT_PAGE_SIZE }, t, false, compact)}
      />
      <MemberFormModal
        open={editing !== undefined}
        member={editing ?? null}
        selfId={me?.id}
        onClose={() => setEditing(undefined)}
        onPasswordGenerated={showPassword}
      />
      <PasswordResetModal member={resetting} onClose={() => setResetting(null)} onPasswordGenerated={showPassword} />
      <PasswordShownModal shown={shown} onClose={() => setShown(null)} />
    </ListCard>
  );
}
