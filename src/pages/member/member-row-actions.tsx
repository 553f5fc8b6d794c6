import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { MemberItem } from "#contracts";

export interface MemberRowHandlers {
  /** The signed-in admin: they manage themselves from the top-bar menu, so their own row offers only Edit. */
  selfId: number | undefined;
  onSetEnabled(member: MemberItem, enabled: boolean): void;
  onResetMfa(member: MemberItem): void;
  /** The merchant's own admin also edits, resets passwords and deletes; the console's staff do not. */
  onEdit?(member: MemberItem): void;
  onResetPassword?(member: MemberItem): void;
  onDelete?(member: MemberItem): void;
}

/**
 * Edit, Enable/Disable, Reset MFA (for a member who has bound one: otherwise there is nothing to reset), Reset
 * password, Delete (those offered); each change that hurts asks first.
 */
export function MemberRowActions({ member, handlers }: { member: MemberItem; handlers: MemberRowHandlers }) {
  const { t } = useTranslation();
  const self = member.id === handlers.selfId;
  const vars = { username: member.username };
  const toggle = member.enabled ? "disable" : "enable";
  return (
    <Space size={0} wrap>
      {handlers.onEdit && (
        <Button type="link" size="small" onClick={() => handlers.onEdit?.(member)}>
          {t("member.actions.edit")}
        </Button>
      )}
      <Popconfirm
        title={t(`member.confirm.${toggle}`, vars)}
        disabled={self}
        onConfirm={() => handlers.onSetEnabled(member, !member.enabled)}
      >
        <Button type="link" size="small" disabled={self}>
          {t(`member.actions.${toggle}`)}
        </Button>
      </Popconfirm>
      {member.mfaStatus === 1 && (
        <Popconfirm
          title={t("member.confirm.resetMfa", vars)}
          disabled={self}
          onConfirm={() => handlers.onResetMfa(member)}
        >
          <Button type="link" size="small" disabled={self}>
            {t("member.actions.resetMfa")}
          </Button>
        </Popconfirm>
      )}
      {handlers.onResetPassword && (
        <Button type="link" size="small" disabled={self} onClick={() => handlers.onResetPassword?.(member)}>
          {t("member.actions.resetPassword")}
        </Button>
      )}
      {handlers.onDelete && (
        <Popconfirm
          title={t("member.confirm.delete", vars)}
          disabled={self}
          okButtonProps={{ danger: true }}
          onConfirm={() => handlers.onDelete?.(member)}
        >
          <Button type="link" size="small" danger disabled={self}>
            {t("member.actions.delete")}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
