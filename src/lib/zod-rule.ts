import type { z } from "zod";

/**
 * An antd form rule backed by a contracts schema: the schema's first message is an i18n key, translated here,
 * so the browser says exactly what the server would.
 */
export function zodRule(schema: z.ZodType, translate: (key: string) => string) {
  return {
    validator: async (_rule: unknown, value: unknown): Promise<void> => {
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(translate(result.error.issues[0]?.message ?? "validation.invalidType"));
    },
  };
}
