import { type FormInstance, Modal } from "antd";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A form in a dialog, as every console and settings dialog has it: Save submits the form (spinning while
 * `saving`), Cancel and Esc close. It is rendered while closed too, so its form instance always exists.
 */
export function FormDialog({
  open,
  title,
  form,
  saving,
  onClose,
  width,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance;
  saving: boolean;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      width={width}
      forceRender
    >
      {children}
    </Modal>
  );
}

/**
 * Fills a dialog's form each time it opens (for `source`: the row edited, or null for a new one): emptied, then
 * given `values(source)` when there are any. In a layout effect, so before the dialog paints: a click or keystroke
 * made as it opens is never wiped by a reset that comes after it. Every dialog with a form fills it this way
 * (the price change dialog also clears its preview in an effect of its own).
 */
export function useDialogValues<S>(
  form: FormInstance,
  open: boolean,
  source?: S,
  values?: (source: S) => object | false | null | undefined,
) {
  const latest = useRef(values);
  latest.current = values;
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    const filled = latest.current?.(source as S);
    if (filled) form.setFieldsValue(filled);
  }, [open, source, form]);
}
