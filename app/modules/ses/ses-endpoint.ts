// The ministry's two environments share one path (WEB-SERVICE.md §1.1); SES_ENDPOINT
// overrides both (the fake server in tests, a proxy).

export type SesEnvironment = "pre" | "prod";

export const SES_ENDPOINTS: Record<SesEnvironment, string> = {
  pre: "https://hospedajes.pre-ses.mir.es/hospedajes-web/ws/v1/comunicacion",
  prod: "https://hospedajes.ses.mir.es/hospedajes-web/ws/v1/comunicacion",
};

export const SES_ENDPOINT_PATH = "/hospedajes-web/ws/v1/comunicacion";

export function resolveSesEndpoint(env: { SES_ENVIRONMENT?: SesEnvironment; SES_ENDPOINT?: string }): string {
  if (env.SES_ENDPOINT) return env.SES_ENDPOINT;
  return SES_ENDPOINTS[env.SES_ENVIRONMENT ?? "prod"];
}
