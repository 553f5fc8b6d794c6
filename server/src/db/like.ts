/** An ILIKE pattern for "contains": `%` and `_` typed by a user are letters to look for, not wildcards. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
