import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Form, Input, message } from "antd";
import { useTranslation } from "react-i18next";
import type { MerchantInfo, MerchantInfoUpdate } from "../../../server/src/contracts/merchant";
import { merchantInfoUpdate } from "../../../server/src/contracts/merchant";
import { FormActions } from "../../components/form-actions";
import { zodRule } from "../../lib/zod-rule";
import { SINGLETON_ID } from "../../resources";

const editable = Object.keys(merchantInfoUpdate.shape) as (keyof MerchantInfoUpdate)[];

/** Only the fields an admin may change travel to the server (it refuses unknown ones). */
function pickEditable(values: Partial<MerchantInfo>): MerchantInfoUpdate {
  return Object.fromEntries(editable.map((k) => [k, values[k] ?? ""])) as MerchantInfoUpdate;
}

/**
 * The admin's edit form; the server's field errors land on the fields through Refine's useForm.
 * It starts from the record the page already shows and does not fetch it again: a second fetch landing while
 * someone types would reset the form under their fingers.
 */
export function MerchantInfoEditForm({ info, onDone }: { info: MerchantInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const { formProps, saveButtonProps, onFinish } = useForm<MerchantInfo, HttpError, MerchantInfoUpdate>({
    resource: "merchant-info",
    action: "edit",
    id: SINGLETON_ID,
    redirect: false,
    queryOptions: { enabled: false },
    onMutationSuccess: () => {
      void message.success(t("common.saveSuccess"));
      onDone();
    },
  });
  const rule = (name: keyof MerchantInfoUpdate) => [zodRule(merchantInfoUpdate.shape[name], t)];
  const label = (name: keyof MerchantInfoUpdate) => t(`merchant.fields.${name}`);
  return (
    <Form
      {...formProps}
      initialValues={info}
      layout="vertical"
      style={{ maxWidth: 640 }}
      onFinish={(values) => onFinish(pickEditable(values as Partial<MerchantInfo>)).catch(() => undefined)}
    >
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
