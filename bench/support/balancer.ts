import http from "node:http";
import { endToEnd, forward } from "./forward";

/**
 * The load balancer: round robin over the API processes, keep-alive connections to each, requests and answers
 * streamed through. Node's own (node:http) so the bench needs no extra package or system service and runs
 * wherever `npm install` did; production would put HAProxy (or nginx) here (`balance roundrobin`), which costs
 * less per request than this JavaScript hop, which shares the bench machine's two cores with everything else:
 * the figures through it understate what a real balancer would allow. No sticky sessions: any process can serve
 * any request (sessions live in PostgreSQL).
 */
export async function roundRobin(targets: string[]) {
  const upstreams = targets.map((target) => {
    const url = new URL(target);
    return {
      host: url.hostname,
      port: Number(url.port),
      agent: new http.Agent({ keepAlive: true, maxSockets: 128 }),
      served: 0,
    };
  });
  let next = 0;
  let failures = 0;
  const server = http.createServer((req, res) => {
    const up = upstreams[next++ % upstreams.length]!;
    up.served++;
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const headers = { ...endToEnd(req.headers), "x-forwarded-for": forwardedFor };
    forward(req, res, up, headers, () => failures++);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the load balancer has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    served: () => upstreams.map((u) => u.served),
    failures: () => failures,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const u of upstreams) u.agent.destroy();
    },
  };
}
