import { createContext, useContext } from "react";

/** What the shell lends to the user menu and the list pages: a way to open the export task drawer. */
export interface ExportDrawerControl {
  open: () => void;
}

// Outside the shell (a test rendering one page) there is no drawer; opening it then does nothing.
export const ExportDrawerContext = createContext<ExportDrawerControl>({ open: () => {} });

export function useExportDrawer(): ExportDrawerControl {
  return useContext(ExportDrawerContext);
}
