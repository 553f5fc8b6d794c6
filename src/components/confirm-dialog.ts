import { Modal } from "antd";

/**
 * antd's confirmation dialog, in a chunk of its own for code that asks rarely (the session-over prompt): loaded
 * when it asks, so antd's Modal is not part of every page's first load.
 */
export const confirmDialog = Modal.confirm;
