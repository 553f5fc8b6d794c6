import type { FormInstance } from "antd";
import { useState } from "react";
import { applyFieldErrors } from "./form-errors";

/**
 * A form's save, as every form dialog does it: `saving` while the call runs (the OK button spins), and a refusal's
 * field errors painted on the fields they name (its toast is the HTTP client's).
 */
export function useFormSave(form: FormInstance) {
  const [saving, setSaving] = useState(false);
  const run = async (save: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await save();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
