import { Alert, Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { type ApiApp, type ApiAppUpdate, apiAppUpdate, type KeyType, keyTypes } from "#contracts";
import { FormActions } from "../../components/form-actions";
import { useSingletonEditForm } from "../../components/singleton-edit-form";
import { zodRule } from "../../lib/zod-rule";
import { useEnvironmentQuery } from "./environment";

const shape = apiAppUpdate.shape;

/**
 * The admin's settings form. Each field is checked by the contract's own rule; the server adds what only it can
 * tell (a real RSA key of 2048+ bits, no private-network URLs) and its field errors land on the fields.
 */
export function ApiSettingsEditForm({ app, onDone }: { app: ApiApp; onDone: () => void }) {
  const { t } = useTranslation();
  const { formProps, saveButtonProps, submit, form } = useSingletonEditForm<ApiApp, ApiAppUpdate>({
    resource: "api-settings",
    shape,
    onDone,
    meta: { query: useEnvironmentQuery() },
  });
  const keyType = Form.useWatch<KeyType | undefined>("keyType", form) ?? app.keyType;
  const rule = (name: keyof ApiAppUpdate) => [zodRule(shape[name], t)];
  // The contract's cross-field rule: RSA2 needs the merchant's public key.
  const publicKeyRule = {
    validator: async (_rule: unknown, value: unknown) => {
      if (form.getFieldValue("keyType") === "RSA2" && !String(value ?? "").trim())
        throw new Error(t("validation.publicKeyRequired"));
    },
  };
  const label = (name: keyof ApiAppUpdate) => t(`api-settings.fields.${name}`);
  const help = (name: keyof ApiAppUpdate) => t(`api-settings.help.${name}`, { currency: app.currency });

  return (
    <Form {...formProps} initialValues={app} layout="vertical" style={{ maxWidth: 720 }} onFinish={submit}>
      <Form.Item name="keyType" label={label("keyType")} extra={help("keyType")} rules={rule("keyType")}>
        <Radio.Group
          options={keyTypes.map((k) => ({ value: k, label: t(`api-settings.keyTypes.${k}`) }))}
          optionType="button"
        />
      </Form.Item>
      {keyType === "HMAC" && !app.secretMasked && (
        <Alert type="warning" showIcon message={t("api-settings.secret.noneWarning")} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="merchantPublicKey"
        label={label("merchantPublicKey")}
        extra={help("merchantPublicKey")}
        required={keyType === "RSA2"}
        dependencies={["keyType"]}
        rules={[...rule("merchantPublicKey"), publicKeyRule]}
      >
        <Input.TextArea rows={6} placeholder="-----BEGIN PUBLIC KEY-----" style={{ fontFamily: "monospace" }} />
      </Form.Item>
      {(["callbackUrl", "notifyUrl"] as const).map((name) => (
        <Form.Item key={name} name={name} label={label(name)} extra={help(name)} required rules={rule(name)}>
          <Input placeholder="https://" />
        </Form.Item>
      ))}
      <Form.Item
        name="ipWhitelist"
        label={label("ipWhitelist")}
        extra={help("ipWhitelist")}
        rules={rule("ipWhitelist")}
      >
        <Input.TextArea rows={2} placeholder="203.0.113.7, 10.0.0.0/8, 2001:db8::/32" />
      </Form.Item>
      <Form.Item
        name="lowBalanceThreshold"
        label={label("lowBalanceThreshold")}
        extra={help("lowBalanceThreshold")}
        rules={rule("lowBalanceThreshold")}
      >
        <Input inputMode="decimal" suffix={app.currency} style={{ maxWidth: 260 }} />
      </Form.Item>
      <FormActions onCancel={onDone} saving={saveButtonProps.disabled} />
    </Form>
  );
}
