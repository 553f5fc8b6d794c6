import { ConfigProvider, Form, Input } from "antd";
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FormDialog } from "../../src/components/form-dialog";
import { i18n } from "../../src/providers/i18n-provider";

/**
 * The one shell of every form dialog (tests/unit/one-dialog.test.ts): filled as it opens, busy while it submits
 * (the primary button spinning and disabled, Cancel and Esc doing nothing), the server's field errors on their
 * fields, emptied once closed, the first field focused, a translated footer and a title naming the dialog.
 */
describe("FormDialog", () => {
  let container: HTMLElement;
  let root: ReturnType<typeof createRoot>;

  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    act(() => root.unmount());
    container.remove();
    document.body.innerHTML = "";
    await act(() => i18n.changeLanguage("en-US"));
  });

  interface Values {
    name?: string;
    note?: string;
  }
  /** A page with a dialog editing `record`; `send` is the call its submit makes. */
  function Page({ record, send }: { record: Values | null; send: (v: Values) => Promise<unknown> }) {
    const [open, setOpen] = useState(true);
    const [form] = Form.useForm<Values>();
    // No animations: happy-dom never ends them, and the dialog's open and close callbacks wait for their end.
    return (
      <ConfigProvider theme={{ token: { motion: false } }}>
        <button type="button" onClick={() => setOpen(true)}>
          reopen
        </button>
        <FormDialog<Values>
          open={open}
          title="Edit thing"
          form={form}
          name="thing"
          record={record}
          values={() => record}
          initialValues={{ note: "default" }}
          onSubmit={async (v) => {
            await send(v);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        >
          <Form.Item name="name" label="Name">
            <Input />
          </Form.Item>
          <Form.Item name="note" label="Note">
            <Input />
          </Form.Item>
        </FormDialog>
      </ConfigProvider>
    );
  }

  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const shown = () => {
    const d = dialog();
    return d !== null && d.closest<HTMLElement>(".ant-modal-wrap")?.style.display !== "none";
  };
  const field = (id: string) => document.getElementById(id) as HTMLInputElement;
  const button = (name: string) =>
    [...(dialog()?.querySelectorAll("button") ?? [])].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;
  /** Waits (rendering as it goes) until `check` holds: antd's dialog opens and closes with animations. */
  async function until(check: () => boolean, what: string) {
    for (let i = 0; i < 100; i++) {
      if (check()) return;
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    throw new Error(`never: ${what}`);
  }
  const type = (input: HTMLInputElement, value: string) =>
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setter?.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  const pressEscape = () =>
    act(() => {
      dialog()
        ?.closest(".ant-modal-wrap")
        ?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", keyCode: 27, bubbles: true }));
    });

  it("opens filled, named by its title, with Cancel and Save, and the first field focused", async () => {
    act(() => root.render(<Page record={{ name: "Alpha" }} send={async () => undefined} />));
    await until(shown, "the dialog is shown");
    expect(field("thing_name").value).toBe("Alpha");
    expect(field("thing_note").value).toBe("default");
    const title = document.getElementById(dialog()?.getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe("Edit thing");
    const footer = [...(dialog()?.querySelectorAll(".ant-modal-footer button") ?? [])].map((b) => b.textContent);
    expect(footer).toEqual(["Cancel", "Save"]);
    await until(() => document.activeElement === field("thing_name"), "the first field has the focus");
  });

  it("is busy while it submits: Save spins and is disabled, Cancel and Esc do nothing", async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    act(() => root.render(<Page record={{ name: "Alpha" }} send={send} />));
    await until(shown, "the dialog is shown");
    await type(field("thing_name"), "Beta");
    act(() => button("Save").click());
    await until(() => send.mock.calls.length === 1, "the values are sent");
    expect(send).toHaveBeenCalledWith({ name: "Beta", note: "default" });
    await until(() => button("Save").disabled, "Save is disabled");
    expect(button("Save").className).toMatch(/loading/);
    expect(button("Cancel").disabled).toBe(true);
    await pressEscape();
    act(() => button("Cancel").click());
    expect(shown()).toBe(true);
    await act(async () => finish());
    await until(() => !shown(), "the dialog closes after the save");
  });

  it("shows the server's field errors on their fields and stays open", async () => {
    const refusal = Object.assign(new Error("refused"), { errors: { name: "This name is taken" } });
    act(() => root.render(<Page record={null} send={() => Promise.reject(refusal)} />));
    await until(shown, "the dialog is shown");
    await type(field("thing_name"), "Taken");
    act(() => button("Save").click());
    await until(() => dialog()?.textContent?.includes("This name is taken") === true, "the error is on the field");
    expect(field("thing_name").getAttribute("aria-invalid")).toBe("true");
    expect(shown()).toBe(true);
    expect(button("Save").disabled).toBe(false);
  });

  it("closes by Esc when idle, and is empty when it opens again", async () => {
    act(() => root.render(<Page record={null} send={async () => undefined} />));
    await until(shown, "the dialog is shown");
    await type(field("thing_name"), "typed, then abandoned");
    await pressEscape();
    await until(() => !shown(), "Esc closes it");
    await until(() => field("thing_name").value === "", "closing empties the form");
    act(() => (document.querySelector("button") as HTMLButtonElement).click());
    await until(shown, "the dialog is shown again");
    expect(field("thing_name").value).toBe("");
    expect(field("thing_note").value).toBe("default");
  });

  it("says Cancel and Save in the user's language", async () => {
    await act(() => i18n.changeLanguage("zh-CN"));
    act(() => root.render(<Page record={null} send={async () => undefined} />));
    await until(shown, "the dialog is shown");
    // antd spaces out a two-character Chinese label ("取 消").
    const footer = [...(dialog()?.querySelectorAll(".ant-modal-footer button") ?? [])].map((b) =>
      b.textContent?.replace(/\s/g, ""),
    );
    expect(footer).toEqual([i18n.t("common.cancel"), i18n.t("common.save")]);
    expect(footer).toEqual(["取消", "保存"]);
  });
});
