import type { CrudFilter } from "@refinedev/core";
import { Col, Form, type FormProps, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { type AuditAction, type AuditActorKind, auditActions, auditActorKinds, auditFilter } from "#contracts";
import { FILTER_CELL, FilterForm, TextFilter, TimeRangeFilter } from "../../../components/list-filters";

export interface AuditSearch {
  action?: AuditAction;
  actorKind?: AuditActorKind;
  actor?: string;
  merchantNo?: string;
  target?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form's values as the list's filters (the time range as ISO ends, whole seconds). */
export const auditSearchFilters = (values: AuditSearch): CrudFilter[] => {
  const [start, end] = values.time ?? [];
  const text = (v?: string) => v?.trim() || undefined;
  return [
    { field: "action", operator: "eq", value: values.action },
    { field: "actorKind", operator: "eq", value: values.actorKind },
    { field: "actor", operator: "eq", value: text(values.actor) },
    { field: "merchantNo", operator: "eq", value: text(values.merchantNo) },
    { field: "target", operator: "eq", value: text(values.target) },
    { field: "startTime", operator: "eq", value: start?.startOf("second").toISOString() },
    { field: "endTime", operator: "eq", value: end?.endOf("second").toISOString() },
  ];
};

/** The audit log's search: action, actor kind and name, merchant, target id and time (folded on a phone). */
export function AuditFilters({ formProps }: { formProps: FormProps<AuditSearch> }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`console-audit.${key}`);
  return (
    <FilterForm formProps={formProps} labelWidth="9em">
      <Col {...FILTER_CELL}>
        <Form.Item name="action" label={label("action")}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t("common.filters.any")}
            options={auditActions.map((a) => ({ value: a, label: t(`console-audit.actions.${a}`) }))}
          />
        </Form.Item>
      </Col>
      <Col {...FILTER_CELL}>
        <Form.Item name="actorKind" label={label("actorKind")}>
          <Select
            allowClear
            placeholder={t("common.filters.any")}
            options={auditActorKinds.map((k) => ({ value: k, label: t(`console-audit.actorKinds.${k}`) }))}
          />
        </Form.Item>
      </Col>
      <TextFilter name="actor" label={label("actor")} schema={auditFilter.shape.actor} />
      <TextFilter name="merchantNo" label={t("console.fields.merchantNo")} schema={auditFilter.shape.merchantNo} />
      <TextFilter
        name="target"
        label={label("target")}
        schema={auditFilter.shape.target}
        placeholder={label("targetHint")}
      />
      <TimeRangeFilter name="time" label={label("time")} />
    </FilterForm>
  );
}
