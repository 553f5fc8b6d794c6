import type { FormInstance } from "antd";

/** Paints a server's field errors (`HttpError.errors`, already translated) onto the form fields they name. */
export function applyFieldErrors(form: FormInstance, error: unknown): void {
  const errors = (error as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (!errors) return;
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  form.setFields(
    Object.entries(errors)
      .filter(([name, text]) => known.has(name.split(".")[0] ?? name) && typeof text === "string")
      .map(([name, text]) => ({ name: name.split("."), errors: [text as string] })),
  );
}
