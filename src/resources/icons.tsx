import { SettingOutlined, ShopOutlined, WalletOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";

/**
 * Icons are decorative (aria-hidden): a menu item's label names it, and an antd icon's own label (its English
 * name, "export") would otherwise be read as part of the item's name, in either language.
 *
 * An area draws its own: `src/pages/<area>/<area>-icon.tsx` default-exports it, found by file name like its
 * pages. Only the menu groups, which have no folder, are drawn here.
 */
const areaIcons = import.meta.glob<ReactNode>("../pages/*/*-icon.tsx", { eager: true, import: "default" });
const iconFile = /^\.\.\/pages\/([^/]+)\/\1-icon\.tsx$/;

const icons = new Map<string, ReactNode>([
  ["merchant", <ShopOutlined key="merchant" aria-hidden />],
  ["merchant-fund", <WalletOutlined key="merchant-fund" aria-hidden />],
  ["merchant-setting", <SettingOutlined key="merchant-setting" aria-hidden />],
]);
for (const [file, icon] of Object.entries(areaIcons)) {
  const name = iconFile.exec(file)?.[1];
  if (name) icons.set(name, icon);
}

/** The icon of a resource (by its name), or nothing. */
export function resourceIcon(name: string): ReactNode {
  return icons.get(name) ?? null;
}
