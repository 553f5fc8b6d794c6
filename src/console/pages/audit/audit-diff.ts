/**
 * An audit entry's before and after, field by field. A change reads "before → after"; a field only one side has
 * was added or removed; the rest stayed the same. An entry that created something has no before, one that deleted
 * something no after: their fields are the record as it was made or as it was.
 */
export type FieldChange =
  | { field: string; kind: "changed"; before: unknown; after: unknown }
  | { field: string; kind: "added"; after: unknown }
  | { field: string; kind: "removed"; before: unknown }
  | { field: string; kind: "same" | "record"; value: unknown };

type AuditRecord = Record<string, unknown> | null;

/** Whether two JSON values are equal, whatever the order of their objects' keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The fields in the order the log keeps them (before's, then those only after has), what differs first. */
export function auditDiff(before: AuditRecord, after: AuditRecord): FieldChange[] {
  if (!before || !after)
    return Object.entries(before ?? after ?? {}).map(([field, value]) => ({ field, kind: "record", value }));
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: FieldChange[] = fields.map((field) => {
    const [had, has] = [field in before, field in after];
    if (had && !has) return { field, kind: "removed", before: before[field] };
    if (!had && has) return { field, kind: "added", after: after[field] };
    if (sameValue(before[field], after[field])) return { field, kind: "same", value: after[field] };
    return { field, kind: "changed", before: before[field], after: after[field] };
  });
  return [...changes.filter((c) => c.kind !== "same"), ...changes.filter((c) => c.kind === "same")];
}

/** What differs (all of a created or deleted record), for the list's short summary. */
export const differences = (changes: readonly FieldChange[]) => changes.filter((c) => c.kind !== "same");

/**
 * The texts (`enums.*`) a recorded field's values read in, by the entry's target: a deposit's "pending" reads
 * Pending, a user's role "finance" Finance; other fields read as recorded.
 */
const fieldEnums: Record<string, Record<string, string>> = {
  deposit: { status: "depositStatus" },
  order: { status: "orderStatus" },
  merchant: { status: "merchantStatus" },
  product: { status: "productStatus", type: "productType" },
  user: { role: "role" },
};

export const enumOfField = (targetKind: string, field: string): string | undefined => fieldEnums[targetKind]?.[field];
