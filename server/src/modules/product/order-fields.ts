import {
  type Language,
  type LocalizedText,
  type OrderField,
  type OrderFieldDefinition,
  orderFieldDefinitions,
} from "#contracts";

/**
 * A product's stored field definitions (jsonb, written only by the catalog import) in the form the API answers
 * and `checkOrderInputs` reads, with texts in one language.
 */
export function localizeFields(stored: unknown, language: Language): OrderField[] {
  return orderFieldDefinitions.parse(stored).map((f) => localizeField(f, language));
}

const pick = (text: LocalizedText | undefined, language: Language) => (text ? text[language] : "");

function localizeField(f: OrderFieldDefinition, language: Language): OrderField {
  return {
    key: f.key,
    label: pick(f.label, language),
    kind: f.kind,
    required: f.required,
    primaryKey: f.primaryKey,
    group: pick(f.group, language),
    pattern: f.pattern ?? null,
    minLength: f.minLength ?? null,
    maxLength: f.maxLength,
    options: f.options?.map((o) => ({ value: o.value, label: pick(o.label, language) })) ?? null,
  };
}
