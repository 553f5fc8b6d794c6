import { Descriptions, Flex, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { AuditEntryItem } from "#contracts";
import { auditDiff, differences, enumOfField, type FieldChange } from "./audit-diff";

/** Long values (an address list, a description) wrap at any character rather than widen the page. */
const WRAP = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

/** A field's name in the reader's language where the log has one (`console-audit.fields`), else as recorded. */
export const fieldLabel = (t: TFunction, field: string) => t(`console-audit.fields.${field}`, { defaultValue: field });

/**
 * A recorded value as staff read it: a status or role in words (`enums.<enumName>`, when the field has one), other
 * text and numbers as they are, yes or no, a list joined, JSON otherwise.
 */
export function valueText(t: TFunction, value: unknown, enumName?: string): string {
  if (value === null || value === undefined || value === "") return t("console-audit.diff.empty");
  if (typeof value === "boolean") return t(value ? "console-audit.diff.yes" : "console-audit.diff.no");
  if (typeof value === "string" || typeof value === "number")
    return enumName ? t(`enums.${enumName}.${value}`, { defaultValue: String(value) }) : String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null))
    return value.length > 0 ? value.map((v) => valueText(t, v, enumName)).join(", ") : t("console-audit.diff.empty");
  return JSON.stringify(value);
}

/** One field's change as a line of text: "before → after", the value added or removed, or the value kept. */
function changeText(t: TFunction, change: FieldChange, targetKind: string): string {
  const text = (value: unknown) => valueText(t, value, enumOfField(targetKind, change.field));
  switch (change.kind) {
    case "changed":
      return `${text(change.before)} → ${text(change.after)}`;
    case "added":
      return text(change.after);
    case "removed":
      return text(change.before);
    default:
      return text(change.value);
  }
}

function ChangeTag({ change }: { change: FieldChange }) {
  const { t } = useTranslation();
  if (change.kind === "added") return <Tag color="green">{t("console-audit.diff.added")}</Tag>;
  if (change.kind === "removed") return <Tag color="red">{t("console-audit.diff.removed")}</Tag>;
  return null;
}

/**
 * The list's summary of an entry's changes: the first few fields that differ, one a line ("Role: operator →
 * finance"), wrapping; the whole record is in the entry's drawer.
 */
export function ChangeSummary({ entry, shown = 3 }: { entry: AuditEntryItem; shown?: number }) {
  const { t } = useTranslation();
  const changes = differences(auditDiff(entry.before, entry.after));
  if (changes.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={2} style={{ maxWidth: 260 }}>
      {changes.slice(0, shown).map((change) => (
        <span key={change.field} style={WRAP}>
          <Typography.Text type="secondary">
            {t("common.labelled", { label: fieldLabel(t, change.field), value: "" })}
          </Typography.Text>
          <ChangeTag change={change} />
          {changeText(t, change, entry.targetKind)}
        </span>
      ))}
      {changes.length > shown && (
        <Typography.Text type="secondary">
          {t("console-audit.diff.more", { count: changes.length - shown })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The whole record, field by field: what changed first ("before → after"), then what stayed the same. */
export function ChangeDetails({ entry }: { entry: AuditEntryItem }) {
  const { t } = useTranslation();
  const changes = auditDiff(entry.before, entry.after);
  if (changes.length === 0)
    return <Typography.Text type="secondary">{t("console-audit.diff.nothing")}</Typography.Text>;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={changes.map((change) => ({
        key: change.field,
        label: fieldLabel(t, change.field),
        // What stayed the same is there for the whole picture, in grey.
        children: (
          <Typography.Text style={WRAP} type={change.kind === "same" ? "secondary" : undefined}>
            <ChangeTag change={change} />
            {changeText(t, change, entry.targetKind)}
          </Typography.Text>
        ),
      }))}
    />
  );
}
