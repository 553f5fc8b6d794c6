import type { FormInstance } from "antd";

/**
 * Paints a server's field errors (`HttpError.errors`, already translated) onto the form fields they name. A list
 * row's index (`routes.1.cost`) becomes a number, as antd's Form.List paths hold it (antd matches paths exactly).
 */
export function applyFieldErrors(form: FormInstance, error: unknown): void {
  const errors = (error as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (!errors) return;
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  form.setFields(
    Object.entries(errors)
      .filter(([name, text]) => known.has(name.split(".")[0] ?? name) && typeof text === "string")
      .map(([name, text]) => ({
        name: name.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        errors: [text as string],
      })),
  );
}
