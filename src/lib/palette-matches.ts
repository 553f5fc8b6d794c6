/** The shape of a command-palette action this matcher needs (kbar's ActionImpl has it). */
export interface PaletteAction {
  id: string;
  name: string;
  keywords?: string;
  section?: string | { name: string };
  parent?: string;
  children: PaletteAction[];
}

const sectionOf = (a: PaletteAction) => (typeof a.section === "string" ? a.section : (a.section?.name ?? ""));

function descendants(actions: readonly PaletteAction[]): PaletteAction[] {
  return actions.flatMap((a) => [a, ...descendants(a.children)]);
}

/**
 * The palette's list, computed at once from what is typed: kbar's own matcher lags ~100 ms behind the input,
 * so a quick Enter would run whatever was highlighted before the last keystroke.
 * Every word typed must appear in the action's name or keywords (case-insensitive); nested actions are found
 * from the top level too. Items keep their registration order, headed by their section's name.
 */
export function paletteResults(
  all: readonly PaletteAction[],
  search: string,
  rootActionId: string | null | undefined,
): (string | PaletteAction)[] {
  const level = rootActionId ? (all.find((a) => a.id === rootActionId)?.children ?? []) : all.filter((a) => !a.parent);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const candidates = words.length > 0 ? descendants(level) : level;
  const matches = candidates.filter((a) => {
    const text = `${a.name} ${a.keywords ?? ""}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const sections = new Map<string, PaletteAction[]>();
  for (const action of matches) {
    const name = sectionOf(action);
    sections.set(name, [...(sections.get(name) ?? []), action]);
  }
  return [...sections].flatMap(([name, actions]) => (name ? [name, ...actions] : actions));
}

/** The id of the palette's "go to order" action: listed only while the text typed is an order number. */
export const GO_TO_ORDER = "order:go";

/** Our order numbers: "P", the day (YYYYMMDD), then ten digits (server/src/modules/order/order-insert.ts). */
const ORDER_NO = /^P\d{18}$/;

/** The order number typed (spaces around it ignored, a lower-case "p" accepted), or null. */
export function orderNoIn(text: string): string | null {
  const candidate = text.trim().toUpperCase();
  return ORDER_NO.test(candidate) ? candidate : null;
}
