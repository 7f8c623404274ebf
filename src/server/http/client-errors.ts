import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { ApiError } from "../../common/api.ts";
import type { BrandingConfig } from "../../common/config.ts";
import { securityHeaderValues } from "./security-headers.ts";

// Requests Node's HTTP parser refuses before Fastify sees them (a bad Content-Length, headers past the size
// limit, a request that took too long) are answered here, on the raw socket, since no hook runs for them.
// They carry the same security headers as every other answer, and an ApiError body.

/** Each parser refusal's status, code and message. */
function refusalOf(code: string | undefined): ApiError {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return {
      statusCode: 408,
      code: "request_timeout",
      message: "The request took too long to arrive; send it again.",
    };
  }
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      statusCode: 431,
      code: "headers_too_large",
      message: "The request's headers are too large; send fewer or shorter headers (cookies included).",
    };
  }
  return {
    statusCode: 400,
    code: "bad_request",
    message: "The request is not valid HTTP (for example a bad Content-Length); send a well-formed request.",
  };
}

/** Fastify's clientErrorHandler: the refusal as a whole HTTP answer with the security headers, then close. */
export function answerClientErrors(branding: BrandingConfig): FastifyServerOptions["clientErrorHandler"] {
  const headers = { ...securityHeaderValues(branding), "cross-origin-resource-policy": "same-origin" };
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return function answer(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const refusal = refusalOf(error.code);
    const body = JSON.stringify(refusal);
    this.log.debug({ err: error, status: refusal.statusCode }, "request refused by the HTTP parser");
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\n` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n${headerLines}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
