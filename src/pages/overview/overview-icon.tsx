import { DashboardOutlined } from "@ant-design/icons";

/** Its menu, palette and page icon (decorative: the label names it). */
export default <DashboardOutlined aria-hidden />;
