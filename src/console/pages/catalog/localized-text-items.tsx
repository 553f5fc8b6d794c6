import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { localizedText } from "#contracts";
import { zodRule } from "../../../lib/zod-rule";

const languages = ["en-US", "zh-CN"] as const;

/**
 * A text of the catalog in both languages (an order field's label or group, a choice's label): an input for each,
 * side by side, at `name` + language. Required ones are checked by the contract's own rule (`localizedText`).
 */
export function LocalizedTextItems({
  name,
  labels,
  required = false,
  width = 180,
}: {
  name: (string | number)[];
  /** The English and the Chinese input's labels. */
  labels: readonly [string, string];
  required?: boolean;
  width?: number;
}) {
  const { t } = useTranslation();
  return languages.map((language, i) => (
    <Form.Item
      key={language}
      name={[...name, language]}
      label={labels[i]}
      required={required}
      rules={required ? [zodRule(localizedText.shape[language], t)] : []}
      style={{ width }}
    >
      <Input autoComplete="off" maxLength={200} />
    </Form.Item>
  ));
}
