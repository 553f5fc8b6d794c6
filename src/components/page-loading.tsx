import { Flex, Spin } from "antd";

/**
 * Shown while a lazily loaded screen or the user's session is on its way; `compact` inside a popover or drawer.
 */
export function PageLoading({ fullScreen = false, compact = false }: { fullScreen?: boolean; compact?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? "100vh" : compact ? 80 : 240 }}>
      <Spin size={compact ? "default" : "large"} />
    </Flex>
  );
}
