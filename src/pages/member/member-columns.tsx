import { Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { MemberItem } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { MemberRowActions, type MemberRowHandlers } from "./member-row-actions";

/** The member table: account, contact, role (its permissions on hover), MFA, status, dates and the actions. */
export function memberColumns(t: TFunction, handlers: MemberRowHandlers): ColumnsType<MemberItem> {
  const field = (name: string) => t(`member.fields.${name}`);
  return [
    {
      key: "username",
      title: field("username"),
      fixed: "left",
      // An e-mail address has no space to wrap at: it may break anywhere rather than widen the table.
      render: (_, m) => <span style={{ overflowWrap: "anywhere" }}>{m.username}</span>,
    },
    { key: "name", title: field("name"), render: (_, m) => (m.name === m.username ? "-" : m.name) },
    { key: "phone", title: field("phone"), render: (_, m) => m.phone || "-" },
    {
      key: "role",
      title: field("role"),
      render: (_, m) => (
        <Tooltip title={t(`enums.roleDescription.${m.role}`)}>
          <Tag color={m.role === "admin" ? "gold" : "blue"}>{t(`enums.role.${m.role}`)}</Tag>
        </Tooltip>
      ),
    },
    {
      key: "mfaStatus",
      title: field("mfaStatus"),
      render: (_, m) => <Tag color={m.mfaStatus ? "green" : "default"}>{t(`enums.mfaStatus.${m.mfaStatus}`)}</Tag>,
    },
    {
      key: "enabled",
      title: field("enabled"),
      render: (_, m) => <Tag color={m.enabled ? "green" : "red"}>{t(`enums.enabled.${m.enabled}`)}</Tag>,
    },
    { key: "remark", title: field("remark"), render: (_, m) => m.remark || "-" },
    { key: "createTime", title: field("createTime"), render: (_, m) => formatDateTime(m.createTime) },
    { key: "lastLoginTime", title: field("lastLoginTime"), render: (_, m) => formatDateTime(m.lastLoginTime) },
    {
      key: "actions",
      title: field("actions"),
      fixed: "right",
      render: (_, m) => <MemberRowActions member={m} handlers={handlers} />,
    },
  ];
}
