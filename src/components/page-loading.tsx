import { Flex, Spin } from "antd";

/** Shown while a lazily loaded screen or the user's session is on its way. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? "100vh" : 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
