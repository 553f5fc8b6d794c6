import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { DepositStatus } from "#contracts";

const color: Record<DepositStatus, string> = { pending: "processing", success: "success", failed: "error" };

export function DepositStatusTag({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return <Tag color={color[status]}>{t(`enums.depositStatus.${status}`)}</Tag>;
}
