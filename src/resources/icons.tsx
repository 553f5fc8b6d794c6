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

/**
 * The contracts name icons; this is the only place that knows which component draws each. They are decorative
 * (aria-hidden): a menu item's label names it, and an antd icon's own label (its English name, "export") would
 * otherwise be read as part of the item's name, in either language.
 */
const icons: Record<string, ReactNode> = {
  shop: <ShopOutlined aria-hidden />,
  info: <InfoCircleOutlined aria-hidden />,
  product: <AppstoreOutlined aria-hidden />,
  order: <ProfileOutlined aria-hidden />,
  fund: <WalletOutlined aria-hidden />,
  transaction: <TransactionOutlined aria-hidden />,
  deposit: <MoneyCollectOutlined aria-hidden />,
  setting: <SettingOutlined aria-hidden />,
  api: <ApiOutlined aria-hidden />,
  team: <TeamOutlined aria-hidden />,
  export: <ExportOutlined aria-hidden />,
};

export function resourceIcon(name: string): ReactNode {
  return icons[name] ?? null;
}
