import { Button, Popconfirm, Space, type TableColumnsType, Tag } from "antd";
import type { TFunction } from "i18next";
import type { StaffMember, StaffRole } from "#contracts";
import { roleName } from "../../console-resources";
import { TwoLineTime, WrappedText } from "../../shared/wrapped-text";

/** What a row's buttons do; absent for who may not change staff. One's own row has none (the account menu does). */
export interface StaffRowActions {
  selfId: number | undefined;
  edit(member: StaffMember): void;
  setEnabled(member: StaffMember, enabled: boolean): void;
  resetMfa(member: StaffMember): void;
  resetPassword(member: StaffMember): void;
}

/** A phone shows who, whether they bound MFA, and the actions; a laptop all but the name (often the account). */
export const staffPhoneColumns = ["username", "mfa", "actions"];
export const staffLaptopColumns = ["username", "roles", "enabled", "mfa", "lastLoginAt", "actions"];

/** The staff table: account, name, roles, status, MFA and last sign-in, and what a super administrator does. */
export function staffColumns(
  t: TFunction,
  roleOf: ReadonlyMap<number, StaffRole>,
  actions: StaffRowActions | undefined,
): TableColumnsType<StaffMember> {
  const label = (field: string) => t(`console-staff.fields.${field}`);
  return [
    {
      key: "username",
      title: label("username"),
      render: (_, s) => <WrappedText width={220}>{s.username}</WrappedText>,
    },
    { key: "name", title: label("name"), render: (_, s) => <WrappedText width={200}>{s.name || "-"}</WrappedText> },
    {
      key: "roles",
      title: label("roles"),
      render: (_, s) => (
        <WrappedText>
          {s.roleIds.map((id) => {
            const role = roleOf.get(id);
            return <Tag key={id}>{role ? roleName(t, role) : `#${id}`}</Tag>;
          })}
        </WrappedText>
      ),
    },
    {
      key: "enabled",
      title: label("enabled"),
      render: (_, s) => <Tag color={s.enabled ? "green" : "red"}>{t(`enums.enabled.${s.enabled}`)}</Tag>,
    },
    {
      key: "mfa",
      title: label("mfa"),
      render: (_, s) => (
        <Tag color={s.mfaBound ? "green" : "default"}>{t(`enums.mfaStatus.${s.mfaBound ? 1 : 0}`)}</Tag>
      ),
    },
    { key: "lastLoginAt", title: label("lastLoginAt"), render: (_, s) => <TwoLineTime time={s.lastLoginAt} /> },
    {
      key: "actions",
      title: t("console.fields.actions"),
      fixed: "right",
      render: (_, s) => actions && s.id !== actions.selfId && <StaffButtons member={s} actions={actions} t={t} />,
    },
  ];
}

/** Edit, Enable/Disable, Reset MFA (only for a member who bound one: else nothing to reset), Reset password. */
function StaffButtons({ member, actions, t }: { member: StaffMember; actions: StaffRowActions; t: TFunction }) {
  const vars = { username: member.username };
  const toggle = member.enabled ? "disable" : "enable";
  return (
    <WrappedText width={200}>
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => actions.edit(member)}>
          {t("common.edit")}
        </Button>
        <Popconfirm
          title={t(`console-staff.confirm.${toggle}`, vars)}
          onConfirm={() => actions.setEnabled(member, !member.enabled)}
        >
          <Button type="link" size="small" danger={member.enabled}>
            {t(`member.actions.${toggle}`)}
          </Button>
        </Popconfirm>
        {member.mfaBound && (
          <Popconfirm title={t("console-staff.confirm.resetMfa", vars)} onConfirm={() => actions.resetMfa(member)}>
            <Button type="link" size="small">
              {t("member.actions.resetMfa")}
            </Button>
          </Popconfirm>
        )}
        <Popconfirm
          title={t("console-staff.confirm.resetPassword", vars)}
          onConfirm={() => actions.resetPassword(member)}
        >
          <Button type="link" size="small">
            {t("member.actions.resetPassword")}
          </Button>
        </Popconfirm>
      </Space>
    </WrappedText>
  );
}
