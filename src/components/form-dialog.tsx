import { Button, Form, type FormInstance, type FormProps, Modal, Spin } from "antd";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFormSave } from "./use-form-save";

/** The controls a dialog's first field can be; a hidden or disabled one is passed over. */
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([type="file"]):not(:disabled)',
  "textarea:not(:disabled)",
  'button[role="switch"]:not(:disabled)',
].join(", ");
/** Anything one can type into or press. */
const CONTROL_SELECTOR = "input, textarea, select, button, a[href], [contenteditable], [role='switch']";

export interface FormDialogProps<V> {
  open: boolean;
  /** The dialog's accessible name too (antd points aria-labelledby at it). */
  title: ReactNode;
  form: FormInstance<V>;
  /** Prefixes the fields' ids, which labels find them by: two forms in one page need different names. */
  name: string;
  /**
   * Sends the checked values. While it runs the dialog is busy: the primary button spins and is disabled, and
   * Cancel, Esc, the corner × and a click beside the dialog do nothing. A refusal's field errors are painted on the
   * fields they name (its toast is the HTTP client's). What follows a success (closing, a message) is the caller's.
   */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /**
   * The values the form is filled with each time it opens (after being emptied to `initialValues`), read when it
   * opens and again when `record` changes while it is open: the row being edited, or nothing for a new one.
   */
  values?: () => object | false | null | undefined;
  record?: unknown;
  /** What the form holds when emptied (a new record's defaults). */
  initialValues?: FormProps<V>["initialValues"];
  /** The primary button's text; Save by default. */
  okText?: string;
  /** The primary action destroys or refuses something (its button is red). */
  danger?: boolean;
  /** The primary action is not offered yet (a preview to be made first). */
  okDisabled?: boolean;
  /** Other buttons, between Cancel and the primary one; `working` while anything is being sent (disable them). */
  actions?: (working: boolean) => ReactNode;
  /** Busy with something else than the submit (another action's call): the same as submitting. */
  busy?: boolean;
  /** The values are being read: a spinner over the fields, and no submit until they are there. */
  loading?: boolean;
  /** Shown, not edited: the fields are disabled and the footer is one button, Done, that closes. */
  readOnly?: boolean;
  /** Content above the form (what it acts on, a hint) and below it (a preview of what it would do). */
  above?: ReactNode;
  below?: ReactNode;
  /** Form props the shell does not decide. */
  formProps?: Pick<FormProps<V>, "onValuesChange" | "hidden" | "scrollToFirstError">;
  width?: number;
  /** Above other dialogs (step-up asks on behalf of any of them). */
  zIndex?: number;
  children: ReactNode;
}

/**
 * Every form in a dialog: the portal's and the console's (tests/unit/one-dialog.test.ts holds that no other
 * dialog has a form). The form is emptied and filled as the dialog opens, emptied again once it has closed; the
 * footer is Cancel and the primary action, translated; the first field takes the focus once the dialog is shown.
 * Rendered while closed too, so the form instance always has its Form.
 */
export function FormDialog<V extends object>({
  open,
  title,
  form,
  name,
  onSubmit,
  onClose,
  values,
  record,
  initialValues,
  okText,
  danger,
  okDisabled,
  actions,
  busy = false,
  loading = false,
  readOnly = false,
  above,
  below,
  formProps,
  width,
  zIndex,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const { saving, run } = useFormSave(form);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  useDialogValues(form, open, record, values);

  const working = saving || busy;
  const close = () => {
    if (!working) onClose();
  };
  const submit = async (checked: V) => {
    if (working) return; // Enter in a field while it is being sent
    await run(() => onSubmit(checked));
    // A refusal's field errors may be far down a long form: the first comes into view.
    const refused = form.getFieldsError().find((f) => f.errors.length > 0);
    if (refused) form.scrollToField(refused.name, { block: "center" });
  };
  const focusFirstField = () => {
    const fields = fieldsRef.current;
    const active = document.activeElement;
    // A control the user (or a test) has gone to as the dialog opened keeps the focus: a field typed into, a
    // button pressed. Without scrolling, so a button being clicked at the foot of a tall dialog stays under the
    // pointer (the dialog opens scrolled to its top, where the first field is).
    if (!fields || (active?.closest('[role="dialog"]')?.contains(fields) && active.matches(CONTROL_SELECTOR))) return;
    fields.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus({ preventScroll: true });
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      keyboard={!working}
      maskClosable={!working}
      closable={{ disabled: working }}
      afterOpenChange={(opened) => {
        if (opened) focusFirstField();
      }}
      // Emptied once closed, unless it opened again meanwhile (the opening fills it).
      afterClose={() => {
        if (!openRef.current) form.resetFields();
      }}
      width={width}
      {...(zIndex !== undefined && { zIndex })}
      forceRender
      footer={
        readOnly ? (
          <Button onClick={close}>{t("common.done")}</Button>
        ) : (
          <>
            <Button onClick={close} disabled={working}>
              {t("common.cancel")}
            </Button>
            {actions?.(working)}
            <Button
              type="primary"
              danger={danger}
              loading={saving}
              disabled={working || loading || okDisabled}
              onClick={() => form.submit()}
            >
              {okText ?? t("common.save")}
            </Button>
          </>
        )
      }
    >
      {above}
      <div ref={fieldsRef}>
        <Spin spinning={loading}>
          <Form<V>
            {...formProps}
            form={form}
            name={name}
            layout="vertical"
            initialValues={initialValues}
            disabled={readOnly}
            onFinish={(v) => void submit(v)}
          >
            {children}
          </Form>
        </Spin>
      </div>
      {below}
    </Modal>
  );
}

/**
 * Fills a dialog's form each time it opens (for `source`: the row edited, or null for a new one): emptied, then
 * given `values(source)` when there are any. In a layout effect, so before the dialog paints: a click or keystroke
 * made as it opens is never wiped by a reset that comes after it. FormDialog fills its form this way; the deposit
 * review drawer's forms too.
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
