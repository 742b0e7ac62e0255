import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

export const streamTimeout = 10_000;

// Every page is rendered completely before the first byte: the Hono server hashes the inline
// scripts of the finished HTML into the CSP, and crawlers get whole documents.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: statusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        statusCode = 500;
        logRouteError(loadContext, error, "render failed");
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Errors thrown by loaders and actions go to the request's logger (its `err` serializer redacts
 * guest links and a failed query's values, ADR 0012), not to console.error as React Router's
 * default does. An answer the route chose (a 404, a 400) is not an error: the request line has
 * its status.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A 5xx error response wraps the thrown error (React Router's ErrorResponseImpl.error).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logRouteError(context, inner ?? error, "route error");
};

function logRouteError(context: AppLoadContext | undefined, error: unknown, message: string): void {
  // Prerendering at build time runs without a context (and without guest data).
  if (context?.logger) context.logger.error({ err: error }, message);
  else console.error(error);
}
