import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { MemberItem } from "#contracts";

export interface MemberRowHandlers {
  /** The signed-in admin: they manage themselves from the top-bar menu, so their own row offers only Edit. */
  selfId: number | undefined;
  onEdit(member: MemberItem): void;
  onSetEnabled(member: MemberItem, enabled: boolean): void;
  onResetMfa(member: MemberItem): void;
  onResetPassword(member: MemberItem): void;
  onDelete(member: MemberItem): void;
}

/** Edit, Enable/Disable, Reset MFA, Reset password, Delete; each change that hurts asks first. */
export function MemberRowActions({ member, handlers }: { member: MemberItem; handlers: MemberRowHandlers }) {
  const { t } = useTranslation();
  const self = member.id === handlers.selfId;
  const vars = { username: member.username };
  const toggle = member.enabled ? "disable" : "enable";
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => handlers.onEdit(member)}>
        {t("member.actions.edit")}
      </Button>
      <Popconfirm
        title={t(`member.confirm.${toggle}`, vars)}
        disabled={self}
        onConfirm={() => handlers.onSetEnabled(member, !member.enabled)}
      >
        <Button type="link" size="small" disabled={self}>
          {t(`member.actions.${toggle}`)}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t("member.confirm.resetMfa", vars)}
        disabled={self}
        onConfirm={() => handlers.onResetMfa(member)}
      >
        <Button type="link" size="small" disabled={self}>
          {t("member.actions.resetMfa")}
        </Button>
      </Popconfirm>
      <Button type="link" size="small" disabled={self} onClick={() => handlers.onResetPassword(member)}>
        {t("member.actions.resetPassword")}
      </Button>
      <Popconfirm
        title={t("member.confirm.delete", vars)}
        disabled={self}
        okButtonProps={{ danger: true }}
        onConfirm={() => handlers.onDelete(member)}
      >
        <Button type="link" size="small" danger disabled={self}>
          {t("member.actions.delete")}
        </Button>
      </Popconfirm>
    </Space>
  );
}
