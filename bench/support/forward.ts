import http from "node:http";
import type http2 from "node:http2";

/** Headers that belong to one connection (and HTTP/2's pseudo-headers, `:path`…): a proxy never passes them on. */
const hopByHop = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

export function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!hopByHop.has(name) && !name.startsWith(":") && value !== undefined) copy[name] = value;
  return copy;
}

export interface Upstream {
  host: string;
  port: number;
  /** Keep-alive connections to it, shared by every request forwarded there. */
  agent: http.Agent;
}

/**
 * What the bench's proxies (the load balancer, the TLS terminator) do with a request: send it on to `upstream` with
 * `headers`, stream the answer back, and answer 502 (calling `onError`) when the upstream cannot be reached.
 */
export function forward(
  req: http.IncomingMessage | http2.Http2ServerRequest,
  res: http.ServerResponse | http2.Http2ServerResponse,
  upstream: Upstream,
  headers: http.OutgoingHttpHeaders,
  onError?: (error: Error) => void,
): void {
  // HTTP/2's compatibility answer is written as HTTP/1.1's is (writeHead, end, a stream to pipe into).
  const reply = res as http.ServerResponse;
  const { host, port, agent } = upstream;
  const request = http.request({ host, port, agent, method: req.method, path: req.url, headers }, (answer) => {
    reply.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(reply);
  });
  request.on("error", (error) => {
    onError?.(error);
    if (!reply.headersSent) reply.writeHead(502, { "content-type": "text/plain" });
    reply.end(`bad gateway: ${error.message}`);
  });
  req.pipe(request);
}
