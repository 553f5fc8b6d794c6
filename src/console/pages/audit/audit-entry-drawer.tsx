import { Descriptions, Drawer, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AuditEntryItem } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { ChangeDetails } from "./audit-changes";
import { targetKindText } from "./audit-columns";

/** One audit entry whole: who did it, when and from where, to what (name and id), and every field before and after. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntryItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`console-audit.${key}`);
  const e = entry;
  return (
    <Drawer
      open={e !== null}
      width={Math.min(640, window.innerWidth)}
      title={e && t(`console-audit.actions.${e.action}`)}
      onClose={onClose}
      destroyOnHidden
    >
      {e && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            style={{ marginBottom: 24 }}
            // A long value (an address, a browser) wraps anywhere; the labels only between words.
            styles={{ content: { overflowWrap: "anywhere" } }}
            items={[
              { key: "time", label: label("time"), children: formatDateTime(e.time) },
              {
                key: "actor",
                label: label("actor"),
                children: `${e.actorName} (${t(`console-audit.actorKinds.${e.actorKind}`)})`,
              },
              {
                key: "target",
                label: label("target"),
                children: [targetKindText(t, e), e.targetName, `(${t("console-audit.targetId", { id: e.targetId })})`]
                  .filter(Boolean)
                  .join(" "),
              },
              {
                key: "merchant",
                label: t("console.fields.merchant"),
                children: e.merchantNo ? `${e.merchantName} (${e.merchantNo})` : "-",
              },
              { key: "address", label: label("address"), children: e.clientIp || "-" },
              { key: "browser", label: label("browser"), children: e.userAgent || "-" },
            ]}
          />
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {label("changes")}
          </Typography.Title>
          <ChangeDetails entry={e} />
        </>
      )}
    </Drawer>
  );
}
