import { Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { MerchantInfo } from "#contracts";
import { formatMoney } from "../../lib/format-decimal";

const statusColor: Record<MerchantInfo["status"], string> = { enabled: "green", disabled: "red", unknown: "default" };

/** The merchant's record as people read it; the balance is rounded half-up to 2 places. */
export function MerchantInfoDetails({ info }: { info: MerchantInfo }) {
  const { t } = useTranslation();
  const field = (name: keyof MerchantInfo) => t(`merchant-info.fields.${name}`);
  const text = (value: string) => value || "-";
  return (
    <Descriptions bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={field("merchantNo")}>{text(info.merchantNo)}</Descriptions.Item>
      <Descriptions.Item label={field("merchantName")}>{text(info.merchantName)}</Descriptions.Item>
      <Descriptions.Item label={field("companyName")}>{text(info.companyName)}</Descriptions.Item>
      <Descriptions.Item label={field("contactPerson")}>{text(info.contactPerson)}</Descriptions.Item>
      <Descriptions.Item label={field("contactPhone")}>{text(info.contactPhone)}</Descriptions.Item>
      <Descriptions.Item label={field("contactEmail")}>{text(info.contactEmail)}</Descriptions.Item>
      <Descriptions.Item label={field("status")}>
        <Tag color={statusColor[info.status]}>{t(`enums.merchantStatus.${info.status}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={field("website")}>
        {info.website ? (
          <a href={info.website} target="_blank" rel="noopener noreferrer">
            {info.website}
          </a>
        ) : (
          "-"
        )}
      </Descriptions.Item>
      <Descriptions.Item label={field("balance")}>
        {formatMoney(info.balance, 2)} {info.currency}
      </Descriptions.Item>
    </Descriptions>
  );
}
