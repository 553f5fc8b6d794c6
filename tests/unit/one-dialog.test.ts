import { describe, expect, it } from "vitest";

/**
 * One dialog for forms: every dialog that collects input and submits it is src/components/form-dialog.tsx's
 * FormDialog, so each opens filled, submits with a busy primary button, shows the server's field errors on the
 * fields, empties itself when closed and closes by Cancel or Esc unless busy, with the same translated footer.
 * This test reads the source: outside the shell, no antd `<Modal>` (nor `Modal.confirm` and its kin) holds a
 * form or an input, and no file that renders a `<Modal>` makes a form instance for it.
 */

const SHELL = "components/form-dialog.tsx";

/**
 * Dialogs written with `<Modal>` on purpose, none a form: each says why. A file rendering `<Modal>` must be here
 * (or be the shell), so a new hand-written dialog is a decision, not an accident. The `Modal.confirm` questions
 * (the logged-out prompt, the batch order's "send the valid rows only?") have no fields, and the first rule keeps
 * them so.
 */
const NOT_FORMS: Record<string, string> = {
  "components/one-time-value-modal.tsx":
    "shows a secret or generated password once; closes only by its Done button after the 'stored it' box is " +
    "ticked (no Esc, ×, or click beside it). The checkbox is an acknowledgement, nothing is submitted.",
  "components/mfa/mfa-bind-dialog.tsx":
    "shows the QR code and key to scan; Next goes on to the code dialog (a FormDialog). Cannot be cancelled " +
    "while MFA is unbound. Nothing is submitted from it.",
};

/** Antd's input controls: a dialog holding one of them collects input. */
const CONTROL =
  /<(Form|Input|InputNumber|Select|DatePicker|TimePicker|AutoComplete|Radio|Switch|Upload|Cascader|TreeSelect|Slider|Rate|Mentions|ColorPicker)\b/;

/** Where the JSX opening tag starting at `from` ends (after its `>`), and whether it closes itself (`/>`). */
function openingTag(source: string, from: number): { end: number; selfClosing: boolean } {
  let braces = 0;
  let quote: string | null = null;
  for (let i = from + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (braces === 0 && (c === '"' || c === "'")) quote = c;
    else if (c === "{") braces++;
    else if (c === "}") braces--;
    else if (c === ">" && braces === 0) return { end: i + 1, selfClosing: source[i - 1] === "/" };
  }
  return { end: source.length, selfClosing: true };
}

/** The text of each `<Modal ...>...</Modal>` element (nested ones counted), and of each static `Modal.x(...)` call. */
function modalSpans(source: string): string[] {
  const spans: string[] = [];
  const open = /<Modal\b(?!\.)/g;
  for (let m = open.exec(source); m; m = open.exec(source)) {
    const first = openingTag(source, m.index);
    let end = first.end;
    if (!first.selfClosing) {
      const tag = /<\/?Modal\b(?!\.)/g;
      tag.lastIndex = first.end;
      let depth = 1;
      for (let t = tag.exec(source); t; t = tag.exec(source)) {
        if (t[0].startsWith("</")) depth--;
        else if (!openingTag(source, t.index).selfClosing) depth++;
        if (depth === 0) {
          end = t.index + t[0].length;
          break;
        }
        end = source.length;
      }
    }
    spans.push(source.slice(m.index, end));
  }
  const call = /\b[Mm]odal\.(confirm|info|success|warning|error)\(/g;
  for (let m = call.exec(source); m; m = call.exec(source)) {
    let depth = 0;
    let i = m.index + m[0].length - 1;
    for (; i < source.length; i++) {
      if (source[i] === "(") depth++;
      else if (source[i] === ")" && --depth === 0) break;
    }
    spans.push(source.slice(m.index, i + 1));
  }
  return spans;
}

/** Why `source` is a form dialog written by hand, or null when it is not one. */
function handWrittenFormDialog(source: string): string | null {
  const spans = modalSpans(source);
  const holding = spans.find((span) => CONTROL.test(span));
  if (holding) return `a Modal holds ${CONTROL.exec(holding)?.[0]}>`;
  if (/<Modal\b(?!\.)/.test(source) && /\bForm\.useForm\b/.test(source))
    return "a file that renders a Modal makes a form instance (its fields are in the Modal by way of a component)";
  return null;
}

// Read as text (Vite's raw import): the unit tests run, and are type-checked, as browser code.
const sources = import.meta.glob<string>("/src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
const files = Object.entries(sources).map(([file, source]) => ({ name: file.replace(/^\/src\//, ""), source }));

describe("one dialog for forms", () => {
  it("has no form dialog written by hand outside the shell", () => {
    const found = files
      .filter((f) => f.name !== SHELL)
      .map((f) => ({ file: f.name, why: handWrittenFormDialog(f.source) }))
      .filter((f) => f.why !== null);
    expect(found, "use FormDialog (src/components/form-dialog.tsx) for a dialog with a form").toEqual([]);
  });

  it("renders <Modal> only in the shell and in the dialogs listed as not forms", () => {
    const rendering = files.filter((f) => /<Modal\b(?!\.)/.test(f.source)).map((f) => f.name);
    expect(rendering.sort()).toEqual([SHELL, ...Object.keys(NOT_FORMS)].sort());
  });

  it("the shell is the one that holds the Modal and the Form", () => {
    const shell = files.find((f) => f.name === SHELL)?.source ?? "";
    expect(modalSpans(shell).some((span) => /<Form\b/.test(span))).toBe(true);
  });

  it("tells a hand-written form dialog from other dialogs", () => {
    const handWritten = `
      const [form] = Form.useForm();
      return (
        <Modal open={open} title={t("x.title")} onOk={() => form.submit()}>
          <Form form={form} onFinish={save}>
            <Form.Item name="a"><Input /></Form.Item>
          </Form>
        </Modal>
      );`;
    const bareInput = `<Modal open title={t("x")}><Input value={v} onChange={set} /></Modal>`;
    const nested = `<Modal open><Modal open>{t("a")}</Modal><Select options={o} /></Modal>`;
    const byComponent = `const [form] = Form.useForm(); return <Modal open><Fields form={form} /></Modal>;`;
    const confirmWithField = `Modal.confirm({ title: t("x"), content: <Input /> , onOk: go });`;
    expect(handWrittenFormDialog(handWritten)).toBe("a Modal holds <Form>");
    expect(handWrittenFormDialog(bareInput)).toBe("a Modal holds <Input>");
    expect(handWrittenFormDialog(nested)).toBe("a Modal holds <Select>");
    expect(handWrittenFormDialog(byComponent)).toMatch(/makes a form instance/);
    expect(handWrittenFormDialog(confirmWithField)).toBe("a Modal holds <Input>");

    const shellUse = `<FormDialog open={open} form={form} name="x" onSubmit={save} onClose={close}>
        <Form.Item name="a"><Input /></Form.Item></FormDialog>`;
    const confirmation = `Modal.confirm({ title: t("x"), content: t("y"), onOk: go });`;
    const modalThenForm = `<Modal open>{t("read only")}</Modal>\n<Form layout="inline"><Input /></Form>`;
    const selfClosing = `<Modal open title="x" afterClose={() => go(a > b)} />\n<Form><Input /></Form>`;
    expect(handWrittenFormDialog(shellUse)).toBeNull();
    expect(handWrittenFormDialog(confirmation)).toBeNull();
    expect(handWrittenFormDialog(modalThenForm)).toBeNull();
    expect(handWrittenFormDialog(selfClosing)).toBeNull();
  });
});
