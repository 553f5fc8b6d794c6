import { Drawer, Popover } from "antd";
import type { ReactNode } from "react";

/**
 * Where the bell's list opens: on a phone it comes down from the top, the screen's width (no room beside the bell
 * for a popover); elsewhere a popover under the bell. Its code arrives with the bell's first opening.
 */
export default function NotificationOverlay({
  mobile,
  open,
  onOpenChange,
  button,
  panel,
}: {
  mobile: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell itself: the popover's trigger, or beside the drawer. */
  button: ReactNode;
  panel: ReactNode;
}) {
  if (mobile)
    return (
      <>
        {button}
        <Drawer
          placement="top"
          height="auto"
          open={open}
          onClose={() => onOpenChange(false)}
          closable={false}
          destroyOnHidden
          styles={{ body: { padding: 12 } }}
        >
          {panel}
        </Drawer>
      </>
    );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      arrow={false}
      destroyOnHidden
      content={panel}
    >
      {button}
    </Popover>
  );
}
