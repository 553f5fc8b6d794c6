import { TeamOutlined } from "@ant-design/icons";

/** Its menu, palette and page icon (decorative: the label names it). */
export default <TeamOutlined aria-hidden />;
