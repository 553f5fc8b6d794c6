import { Button, Form, Input, Select, Space, Switch } from "antd";
import { useTranslation } from "react-i18next";
import {
  type SupplierAccountBody,
  type SupplierAccountView,
  type SupplierKind,
  supplierAccountBody,
  supplierCalls,
  supplierKindInfo,
  supplierKinds,
} from "#contracts";
import { FormDialog } from "../../../components/form-dialog";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { documentedUrls } from "./supplier-kinds";

interface Values {
  code: string;
  name: string;
  kind?: SupplierKind;
  baseUrl: string;
  authUrl?: string;
  enabled: boolean;
  credentials?: Record<string, string | undefined>;
}

const shape = supplierAccountBody.shape;
const credentialValue = shape.credentials.unwrap().valueType;

/**
 * A supplier account: which adapter (fixed once created: its routes name that supplier's own products), where its
 * API answers, and its credentials. Credentials are never shown again: on an edit a stored one says so and is
 * kept when left empty. Saving asks for the staff member's code again (step-up). `supplier` null adds one.
 */
export function SupplierForm({
  supplier,
  open,
  onClose,
  onSaved,
}: {
  supplier: SupplierAccountView | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: SupplierAccountView) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch("kind", form);
  const creating = supplier === null;
  const info = kind ? supplierKindInfo[kind] : undefined;
  const stored = (key: string) => supplier?.kind === kind && (supplier?.credentialKeys.includes(key) ?? false);

  const values = () =>
    supplier && {
      code: supplier.code,
      name: supplier.name,
      kind: supplier.kind,
      baseUrl: supplier.baseUrl,
      authUrl: supplier.authUrl,
      enabled: supplier.enabled,
      // A choice not stored yet shows its default; a stored one shows "stored" until another is chosen.
      credentials: Object.fromEntries(
        supplierKindInfo[supplier.kind].credentials
          .filter((c) => c.options && !supplier.credentialKeys.includes(c.key))
          .map((c) => [c.key, c.options?.[0]]),
      ),
    };

  /** A new kind brings its own documented addresses, unless the staff member typed one of their own. */
  const kindChanged = (next: SupplierKind) => {
    const nextInfo = supplierKindInfo[next];
    const { baseUrl, authUrl } = form.getFieldsValue(["baseUrl", "authUrl"]);
    form.setFieldsValue({
      ...(!baseUrl || documentedUrls.has(baseUrl) ? { baseUrl: nextInfo.baseUrls.sandbox } : {}),
      ...(!authUrl || documentedUrls.has(authUrl) ? { authUrl: nextInfo.authUrls?.sandbox ?? "" } : {}),
      credentials: Object.fromEntries(nextInfo.credentials.map((c) => [c.key, c.options?.[0]])),
    });
  };
  const fill = (environment: "sandbox" | "live") => {
    if (!info) return;
    form.setFieldsValue({
      baseUrl: info.baseUrls[environment],
      ...(info.authUrls ? { authUrl: info.authUrls[environment] } : {}),
    });
    void form.validateFields(["baseUrl", ...(info.authUrls ? ["authUrl"] : [])]).catch(() => undefined);
  };

  const save = async (values: Values) => {
    const chosen = values.kind ?? supplier?.kind;
    if (!chosen) return;
    const chosenInfo = supplierKindInfo[chosen];
    const body: SupplierAccountBody = {
      code: values.code,
      name: values.name,
      kind: chosen,
      baseUrl: values.baseUrl,
      authUrl: chosenInfo.authUrls ? (values.authUrl ?? "") : "",
      enabled: values.enabled,
      // Only this kind's keys. An empty secret is left out (on an edit: the stored value stays); a setting is
      // always sent, "" clearing it.
      credentials: Object.fromEntries(
        chosenInfo.credentials
          .map((c) => [c.key, values.credentials?.[c.key]?.trim() ?? "", c.options !== undefined] as const)
          .filter(([, value, setting]) => setting || value !== "")
          .map(([key, value]) => [key, value]),
      ),
    };
    const saved = supplier
      ? await consoleCall(supplierCalls.update, { params: { id: supplier.id }, body })
      : await consoleCall(supplierCalls.create, { body });
    void message.success(t(creating ? "console-suppliers.created" : "console-suppliers.saved", { name: saved.name }));
    onSaved(saved);
  };

  const label = (field: string) => t(`console-suppliers.fields.${field}`);
  const storedText = t("console-suppliers.credentials.stored");
  const urlButtons = (urls: { sandbox: string; live: string }) =>
    urls.sandbox === urls.live ? (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => fill("sandbox")}>
        {t("console-suppliers.urls.documented", { url: urls.sandbox })}
      </Button>
    ) : (
      <Space size={12} wrap>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => fill("sandbox")}>
          {t("console-suppliers.urls.sandbox", { url: urls.sandbox })}
        </Button>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => fill("live")}>
          {t("console-suppliers.urls.live", { url: urls.live })}
        </Button>
      </Space>
    );

  return (
    <FormDialog<Values>
      open={open}
      title={creating ? t("console-suppliers.create") : t("console-suppliers.edit", { name: supplier.name })}
      width={640}
      form={form}
      name="console-supplier"
      record={supplier}
      values={values}
      initialValues={{ enabled: true, baseUrl: "", authUrl: "" }}
      formProps={{
        onValuesChange: (changed: Partial<Values>) => {
          if (changed.kind) kindChanged(changed.kind);
        },
      }}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item
        name="code"
        label={label("code")}
        extra={t("console-suppliers.hints.code")}
        required
        rules={[zodRule(shape.code, t)]}
      >
        <Input autoComplete="off" maxLength={40} />
      </Form.Item>
      <Form.Item name="name" label={label("name")} required rules={[zodRule(shape.name, t)]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="kind"
        label={label("kind")}
        extra={creating ? t("console-suppliers.hints.kind") : t("console-suppliers.hints.kindFixed")}
        required
        rules={[zodRule(shape.kind, t)]}
      >
        <Select
          disabled={!creating}
          placeholder={t("console-suppliers.hints.chooseKind")}
          options={supplierKinds.map((k) => ({ value: k, label: t(`console-suppliers.kinds.${k}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="baseUrl"
        label={label("baseUrl")}
        extra={info && urlButtons(info.baseUrls)}
        required
        rules={[zodRule(shape.baseUrl, t)]}
      >
        <Input autoComplete="off" maxLength={300} />
      </Form.Item>
      {info?.authUrls && (
        <Form.Item
          name="authUrl"
          label={label("authUrl")}
          extra={t("console-suppliers.hints.authUrl", { url: info.authUrls.live })}
          rules={[zodRule(shape.authUrl, t)]}
        >
          <Input autoComplete="off" maxLength={300} />
        </Form.Item>
      )}
      <Form.Item
        name="enabled"
        label={label("enabled")}
        valuePropName="checked"
        extra={t("console-suppliers.hints.enabled")}
      >
        <Switch />
      </Form.Item>
      {info?.credentials.map((c) => {
        const keep = stored(c.key);
        const name = ["credentials", c.key];
        const credentialLabel = t(`console-suppliers.credentials.${c.key}`);
        return c.options ? (
          <Form.Item
            key={c.key}
            name={name}
            label={credentialLabel}
            extra={t(`console-suppliers.credentials.hints.${c.key}`)}
          >
            <Select
              placeholder={keep ? storedText : undefined}
              options={c.options.map((o) => ({
                value: o,
                label: t(`console-suppliers.credentials.options.${c.key}.${o || "none"}`),
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            key={c.key}
            name={name}
            label={credentialLabel}
            required={c.required && !keep}
            rules={[
              ...(c.required && !keep ? [{ required: true, whitespace: true, message: t("validation.required") }] : []),
              zodRule(credentialValue, t),
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder={keep ? storedText : undefined} />
          </Form.Item>
        );
      })}
    </FormDialog>
  );
}
