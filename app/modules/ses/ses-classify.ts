// How the sender must react to an answer (WEB-SERVICE.md §3, "Handling classes"):
// retry with backoff (the ministry or the network failed), stop the landlord's queue and
// tell staff (credentials or account configuration), or mark the filing failed and show
// the ministry's literal text (our data; resending the same bytes cannot help).

export type SesErrorClass = "ok" | "retry" | "credentials" | "data";

/** Outcomes that carry no SES code: transport problems and HTTP statuses without a SOAP answer.
 *  "tls": the server's certificate could not be verified (a missing intermediate, an expired or
 *  foreign certificate): configuration, never fixed by retrying. "soap-client-fault": a SOAP
 *  Fault blaming our request; retried a bounded number of times (SOAP_CLIENT_FAULT_TRIES). */
export type SesTransportCode = "network" | "timeout" | "tls" | "soap-fault" | "soap-client-fault" | "bad-response" | `http-${number}`;

/** Tries of one filing that keeps getting a SOAP Client fault before it is marked failed with its text. */
export const SOAP_CLIENT_FAULT_TRIES = 3;

/** A request-level `codigo` of the ministry, or a transport outcome. */
export type SesCode = number | SesTransportCode;

const CREDENTIAL_CODES = new Set([
  10103, // arrendador unknown
  10107, // wrong user
  10119, // arrendador may not send that type of communication
  10120, // web-service sending not enabled in the e-office
  10128, // no user in the request
]);

export function classifySesCode(code: SesCode): SesErrorClass {
  if (typeof code === "number") {
    if (code === 0) return "ok";
    if (code === 10999) return "retry"; // unhandled error on their side
    if (CREDENTIAL_CODES.has(code)) return "credentials";
    return "data";
  }
  if (code === "network" || code === "timeout" || code === "soap-fault" || code === "soap-client-fault" || code === "bad-response") return "retry";
  // The certificate chain: staff must fix the configuration (SES_CA_FILE); stop, do not retry.
  if (code === "tls") return "credentials";
  const status = Number(code.slice("http-".length));
  if (status >= 500 || status === 408 || status === 429) return "retry";
  // 401/403: the user or password; 404/405: the endpoint is not the ministry's service.
  if (status === 401 || status === 403 || status === 404 || status === 405) return "credentials";
  return "data";
}

/**
 * Third parties report that the ministry rejects a byte-identical resend as "Lote
 * duplicado" (10121). But 10121 is the service's generic validation error, so it means
 * "already filed, lote unknown" only when the same bytes may already have reached the
 * ministry: a resend after a lost reply or a crash in flight (`resendInDoubt`). On a first
 * send, or after a definite answer, it is a data error with the ministry's literal text.
 */
export function isDuplicateAnswer(codigo: number, resendInDoubt: boolean): boolean {
  return codigo === 10121 && resendInDoubt;
}

/** What a lote's `codigoEstado` means for the poller. */
export type SesLoteOutcome =
  | "done" // 1: every communication stored
  | "partial" // 6: some stored, some failed (see each result)
  | "pending" // 4 in progress, 5 pending: poll again later
  | "rejected" // 2: header/format error, nothing stored
  | "resend" // 3: unexpected error on their side, send again as a new attempt
  | "unknown";

export function loteOutcome(codigoEstado: number): SesLoteOutcome {
  switch (codigoEstado) {
    case 1:
      return "done";
    case 6:
      return "partial";
    case 4:
    case 5:
      return "pending";
    case 2:
      return "rejected";
    case 3:
      return "resend";
    default:
      return "unknown";
  }
}
