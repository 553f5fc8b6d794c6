import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { type CallAnswer, type CallDeclaration, type CallParsed, envelopeOf } from "#contracts";
import { ok } from "./envelope";

export interface CallContext<C extends CallDeclaration> extends CallParsed<C> {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The handler's answer: the envelope's `data` (wrapped here), or, for a call without a declared answer (a file)
 * or an answer of its own (health's 503), the reply it has sent.
 */
type Handler<C extends CallDeclaration> = (
  context: CallContext<C>,
) => Promise<C extends { answer: unknown } ? CallAnswer<C> | FastifyReply : FastifyReply>;

const OPEN_API_SECURITY = [{ openApiSignature: [] }];

/**
 * Registers a route from its call declaration (contracts): path, schemas (validated on the way in, serialized
 * on the way out, documented at /portal/docs), and the rules the guards read from the route's config.
 */
export function serve<C extends CallDeclaration>(app: FastifyInstance, call: C, handler: Handler<C>): void {
  const { access } = call;
  const config: NonNullable<RouteShorthandOptions["config"]> = {
    realm: call.realm ?? "merchant",
    // For the API document (plugins/api-document.ts): its operation's name, summary and failures.
    call,
    ...(access === "public" && { public: true }),
    ...(typeof access === "object" && { access }),
    ...(call.beforeMfa && { beforeMfa: true }),
    ...(call.stepUp && { stepUp: true }),
    ...(call.reportsOverload && { reportsOverload: true }),
    ...(call.changes && { changes: true }),
  };
  app.route({
    method: call.method,
    url: call.path,
    config,
    ...(call.bodyLimit && { bodyLimit: call.bodyLimit }),
    schema: {
      tags: [call.tag],
      ...(access === "signature" && { security: OPEN_API_SECURITY }),
      ...(call.params && { params: call.params }),
      ...(call.query && { querystring: call.query }),
      ...(call.body && { body: call.body }),
      ...(call.consumes && { consumes: [...call.consumes] }),
      ...(call.answer && { response: { 200: envelopeOf(call.answer) } }),
    },
    handler: async (request, reply) => {
      const parsed = { params: request.params, query: request.query, body: request.body } as CallParsed<C>;
      const answer = await handler({ ...parsed, request, reply });
      // A reply is thenable: awaiting the one a handler returned waits until its answer went out and gives
      // undefined. Wrapping that in an envelope would send a second answer (FST_ERR_REP_ALREADY_SENT).
      if (answer === reply || reply.sent) return reply;
      return call.answer ? ok(request, answer) : answer;
    },
  });
}
