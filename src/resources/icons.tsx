import {
  ApiOutlined,
  AppstoreOutlined,
  ExportOutlined,
  InfoCircleOutlined,
  MoneyCollectOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  TransactionOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";

/** The contracts name icons; this is the only place that knows which component draws each. */
const icons: Record<string, ReactNode> = {
  shop: <ShopOutlined />,
  info: <InfoCircleOutlined />,
  product: <AppstoreOutlined />,
  order: <ProfileOutlined />,
  fund: <WalletOutlined />,
  transaction: <TransactionOutlined />,
  deposit: <MoneyCollectOutlined />,
  setting: <SettingOutlined />,
  api: <ApiOutlined />,
  team: <TeamOutlined />,
  export: <ExportOutlined />,
};

export function resourceIcon(name: string): ReactNode {
  return icons[name] ?? null;
}
