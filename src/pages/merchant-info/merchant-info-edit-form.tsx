import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { type MerchantInfo, type MerchantInfoUpdate, merchantInfoUpdate } from "#contracts";
import { FormActions } from "../../components/form-actions";
import { useSingletonEditForm } from "../../components/singleton-edit-form";
import { zodRule } from "../../lib/zod-rule";

/** The admin's edit form (see useSingletonEditForm). */
export function MerchantInfoEditForm({ info, onDone }: { info: MerchantInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const { formProps, saveButtonProps, submit } = useSingletonEditForm<MerchantInfo, MerchantInfoUpdate>({
    resource: "merchant-info",
    shape: merchantInfoUpdate.shape,
    onDone,
  });
  const rule = (name: keyof MerchantInfoUpdate) => [zodRule(merchantInfoUpdate.shape[name], t)];
  const label = (name: keyof MerchantInfoUpdate) => t(`merchant-info.fields.${name}`);
  return (
    <Form {...formProps} initialValues={info} layout="vertical" style={{ maxWidth: 640 }} onFinish={submit}>
      <Form.Item name="merchantName" label={label("merchantName")} required rules={rule("merchantName")}>
        <Input />
      </Form.Item>
      <Form.Item name="contactPerson" label={label("contactPerson")} rules={rule("contactPerson")}>
        <Input />
      </Form.Item>
      <Form.Item name="contactPhone" label={label("contactPhone")} rules={rule("contactPhone")}>
        <Input />
      </Form.Item>
      <Form.Item name="contactEmail" label={label("contactEmail")} rules={rule("contactEmail")}>
        <Input type="email" />
      </Form.Item>
      <Form.Item name="website" label={label("website")} rules={rule("website")}>
        <Input placeholder="https://" />
      </Form.Item>
      <FormActions onCancel={onDone} saving={saveButtonProps.disabled} />
    </Form>
  );
}
