import type { TypeOpen } from "antd/es/message/interface";

/**
 * antd's toasts (its static `message`), whose code arrives with the first toast: no screen shows one as it opens,
 * and `message` with its notice engine would be a tenth of antd's share of every first load. The same calls as
 * antd's, carried out in the order made (each waits for the one load); a caller cannot wait for a toast to close.
 */
type Level = "success" | "error" | "warning" | "info" | "loading";

let loading: Promise<typeof import("antd/es/message").default> | undefined;
const antdMessage = () => {
  loading ??= import("antd/es/message").then((module) => module.default);
  return loading;
};

const show =
  (level: Level) =>
  (...args: Parameters<TypeOpen>): Promise<void> =>
    antdMessage().then((message) => {
      message[level](...args);
    });

export const message = {
  success: show("success"),
  error: show("error"),
  warning: show("warning"),
  info: show("info"),
  loading: show("loading"),
  /** Closes the toast with `key`, or every toast. */
  destroy: (key?: string | number): void => {
    void antdMessage().then((message) => message.destroy(key));
  },
};
