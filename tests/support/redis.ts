import { connect } from "node:net";

/** Whether a Redis answers PING at `url` within half a second (tests and benches that need one skip without). */
export function redisAnswers(url = "redis://127.0.0.1:6379"): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(String(data).startsWith("+PONG")));
  });
}
