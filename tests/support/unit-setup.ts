// Same order as main.tsx: antd's static message/modal need the React 19 patch before antd renders anything.
import "@ant-design/v5-patch-for-react-19";

// Tell React this is a test environment so act() flushes updates without warnings.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The app starts its texts before it renders (main.tsx, full-app.tsx); tests render components in both languages.
const { startI18n, loadLanguage } = await import("../../src/providers/i18n-provider");
const { loadAppCatalogs } = await import("../../src/lib/catalogs");
startI18n("en-US", await loadAppCatalogs("en-US"));
await loadLanguage("zh-CN");
