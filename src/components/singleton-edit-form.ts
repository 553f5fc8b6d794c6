import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { message } from "../lib/toast";
import { SINGLETON_ID } from "../resources";

/**
 * The inline edit form of a merchant's one-of-a-kind record (Merchant Information, API Settings), through
 * Refine's useForm so the server's field errors land on the fields:
 * - it starts from the record the page already shows and does not fetch it again: a second fetch landing while
 *   someone types would reset the form under their fingers;
 * - only the fields of the contract's update schema travel (`shape`; the server refuses unknown ones), blanks
 *   as "";
 * - 'Save successful!', then `onDone` (the page goes back to showing the record).
 */
export function useSingletonEditForm<Record extends object, Update extends object>({
  resource,
  shape,
  onDone,
  meta,
}: {
  resource: string;
  shape: { [K in keyof Update]: unknown };
  onDone: () => void;
  /** Passed to the data provider (`meta.query`: a query the update call declares). */
  meta?: { [key: string]: unknown };
}) {
  const { t } = useTranslation();
  const form = useForm<Record, HttpError, Update>({
    resource,
    action: "edit",
    id: SINGLETON_ID,
    redirect: false,
    ...(meta && { meta }),
    queryOptions: { enabled: false },
    onMutationSuccess: () => {
      void message.success(t("common.saveSuccess"));
      onDone();
    },
  });
  const editable = Object.keys(shape) as (keyof Update & keyof Record)[];
  const submit = (values: Partial<Record>) => {
    const update = Object.fromEntries(editable.map((k) => [k, values[k] ?? ""])) as Update;
    // A refusal is shown on the fields (or as the server's message) by useForm; nothing is left to handle here.
    form.onFinish(update).catch(() => undefined);
  };
  return { ...form, submit };
}
