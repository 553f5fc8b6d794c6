/**
 * Prints, as one CSS file, the styles of every antd component the browser app imports, rendered with the app's
 * theme. The build bundles it with the app (vite.config.ts, `antdStaticStyles`), and antd then finds each of these
 * styles already loaded (the file ends with antd's own map of them) instead of generating it in the browser: on a
 * phone that generation was a third of the order list's start-up work.
 *
 * Run with NODE_ENV=production (antd names its classes differently in development): `tsx scripts/antd-styles.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import * as antd from "antd";
import { createElement, type ElementType, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { appTheme } from "../src/lib/theme";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The names the app imports from "antd" (types included; they are dropped below as they are not components). */
function importedNames(dir: string): Set<string> {
  const names = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name))
        for (const [, list] of readFileSync(full, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"antd"/g))
          for (const item of list!.split(","))
            names.add(
              item
                .replace(/^\s*type\s+/, "")
                .split(/\s+as\s+/)[0]!
                .trim(),
            );
    }
  };
  visit(dir);
  return names;
}

type Exports = Record<string, unknown>;
const exports = antd as unknown as Exports;

/**
 * Most components register their styles just by rendering. Overlays render inline only when open and told not to
 * use a portal; a few need an item to draw. (antd's "_InternalPanel" previews would not do: they render under a
 * theme of their own, so their styles would not be the app's.)
 */
const inline = { open: true, getContainer: false } as const;
const specialRenders: Record<string, () => ReactNode> = {
  Modal: () => createElement(antd.Modal, inline),
  Drawer: () => createElement(antd.Drawer, inline),
  Dropdown: () => createElement(antd.Dropdown, { menu: { items: [] } }, createElement("span")),
  Menu: () => createElement(antd.Menu, { items: [{ key: "a", label: "a" }] }),
  // The coloured status tags have styles of their own.
  Tag: () => [createElement(antd.Tag, { key: 1 }), createElement(antd.Tag, { key: 2, color: "success" })],
};
/** Not imported by the app, but drawn by what it imports (Table's pager). */
const drawnByOthers = ["Pagination"];
const skipped = new Set(["ConfigProvider", "Grid", "theme"]);

function render(name: string): ReactNode {
  const special = specialRenders[name];
  if (special) return special();
  const Component = exports[name] as ElementType | undefined;
  return Component ? createElement(Component) : null;
}

const names = [...importedNames(path.join(root, "src")), ...drawnByOthers].filter(
  (name) => /^[A-Z]/.test(name) && name in exports && !skipped.has(name),
);
const cache = createCache();
renderToString(
  createElement(
    StyleProvider,
    { cache },
    createElement(
      antd.ConfigProvider,
      { theme: appTheme },
      ...names.map((name) => createElement(Fragment, { key: name }, render(name))),
    ),
  ),
);
process.stdout.write(extractStyle(cache, true));
