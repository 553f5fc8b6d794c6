import { Drawer } from "antd";
import type { ReactNode } from "react";
import { SideMenu } from "./side-menu";

/** A phone's menu: a drawer from the left, closed until asked for (its code arrives with the first opening). */
export default function MobileMenu({
  open,
  onClose,
  width,
  title,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  title: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      width={width}
      open={open}
      onClose={onClose}
      closable={false}
      styles={{ body: { padding: 0 } }}
    >
      {title}
      <SideMenu collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
