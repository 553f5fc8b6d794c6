import { useList } from "@refinedev/core";
import { Card, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import type { MemberItem } from "../../../server/src/contracts/auth";
import { formatDateTime } from "../../lib/date-format";

/** Spec §9: the admin list is fetched whole (page 1, size 999999) and cached. */
const ALL = { currentPage: 1, pageSize: 999999, mode: "server" } as const;
const CACHE_MS = 10 * 60 * 1000;

/** Operator management, read-only for now: the merchant's members as the server lists them. */
export function MemberListPage() {
  const { t } = useTranslation();
  const { result, query } = useList<MemberItem>({
    resource: "member",
    pagination: ALL,
    queryOptions: { staleTime: CACHE_MS, gcTime: CACHE_MS },
  });
  const columns: ColumnsType<MemberItem> = [
    { key: "username", title: t("member.fields.username"), dataIndex: "username" },
    { key: "name", title: t("member.fields.name"), dataIndex: "name" },
    { key: "phone", title: t("member.fields.phone"), dataIndex: "phone" },
    { key: "role", title: t("member.fields.role"), render: (_, m) => t(`enums.role.${m.role}`) },
    { key: "mfaStatus", title: t("member.fields.mfaStatus"), render: (_, m) => t(`enums.mfaStatus.${m.mfaStatus}`) },
    {
      key: "enabled",
      title: t("member.fields.enabled"),
      render: (_, m) => <Tag color={m.enabled ? "green" : "default"}>{t(`enums.enabled.${m.enabled}`)}</Tag>,
    },
    { key: "remark", title: t("member.fields.remark"), dataIndex: "remark" },
    { key: "createTime", title: t("member.fields.createTime"), render: (_, m) => formatDateTime(m.createTime) },
    {
      key: "lastLoginTime",
      title: t("member.fields.lastLoginTime"),
      render: (_, m) => formatDateTime(m.lastLoginTime),
    },
  ];
  return (
    <Card title={t("menus.member")}>
      <Table<MemberItem>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        loading={query.isLoading}
        scroll={{ x: "max-content" }}
        pagination={{ showSizeChanger: true, showTotal: (total) => t("common.total", { total }) }}
      />
    </Card>
  );
}
