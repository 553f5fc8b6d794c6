import { Button, Flex, type TableColumnsType, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import type { AuditEntryItem } from "#contracts";
import { TwoLineTime, WrappedText } from "../../shared/wrapped-text";
import { ChangeSummary } from "./audit-changes";

/**
 * A phone shows what happened to what; a laptop adds when, who and the changes. The action opens the entry whole
 * (a column of its own for a button would not leave the changes room at a laptop's width).
 */
export const auditPhoneColumns = ["action", "target"];
export const auditLaptopColumns = ["time", "action", "actor", "target", "changes"];

/** The action as a link to the entry's drawer, wrapping like text (a button keeps its label on one line). */
const ACTION_LINK = {
  padding: 0,
  height: "auto",
  textAlign: "start",
  whiteSpace: "normal",
  overflowWrap: "anywhere",
  maxWidth: 150,
} as const;

/** What the entry acted on, in words: its kind ("Merchant user") and its name, or its id when it has none. */
export const targetKindText = (t: TFunction, e: AuditEntryItem) =>
  t(`console-audit.targetKinds.${e.targetKind}`, { defaultValue: e.targetKind });

/**
 * The target by name (its id on hover and in the details), and under it its kind and the merchant it belongs to:
 * "ann@shop.test", "Merchant user · Lotus Telecom".
 */
function TargetCell({ entry: e, t }: { entry: AuditEntryItem; t: TFunction }) {
  const kind = targetKindText(t, e);
  return (
    <WrappedText width={190}>
      <Flex vertical gap={2} align="flex-start">
        <Tooltip title={t("console-audit.targetId", { id: e.targetId })}>
          <span>{e.targetName ?? e.targetId}</span>
        </Tooltip>
        <Typography.Text type="secondary">
          {/* A merchant's own entry names it once, as its target. */}
          {[kind, e.targetKind !== "merchant" && e.merchantName].filter(Boolean).join(" · ")}
        </Typography.Text>
      </Flex>
    </WrappedText>
  );
}

/** The audit log's columns; `open` shows an entry whole in its drawer. */
export function auditColumns(t: TFunction, open: (entry: AuditEntryItem) => void): TableColumnsType<AuditEntryItem> {
  const label = (key: string) => t(`console-audit.${key}`);
  return [
    { key: "time", title: label("time"), render: (_, e) => <TwoLineTime time={e.time} /> },
    {
      key: "action",
      title: label("action"),
      render: (_, e) => (
        <Button
          type="link"
          size="small"
          style={ACTION_LINK}
          aria-label={t("console-audit.detailsOf", { action: t(`console-audit.actions.${e.action}`) })}
          onClick={() => open(e)}
        >
          {t(`console-audit.actions.${e.action}`)}
        </Button>
      ),
    },
    {
      key: "actor",
      title: label("actor"),
      render: (_, e) => (
        <WrappedText width={170}>
          <Flex vertical gap={2} align="flex-start">
            <span>{e.actorName}</span>
            <Typography.Text type="secondary">{t(`console-audit.actorKinds.${e.actorKind}`)}</Typography.Text>
          </Flex>
        </WrappedText>
      ),
    },
    { key: "target", title: label("target"), render: (_, e) => <TargetCell entry={e} t={t} /> },
    { key: "changes", title: label("changes"), render: (_, e) => <ChangeSummary entry={e} /> },
    { key: "address", title: label("address"), render: (_, e) => e.clientIp || "-" },
  ];
}
