import { useEffect, useState } from "react";
import type { ProvinceCatalog } from "#app/modules/guests/ine.server.ts";

// One province's municipalities and postal codes, fetched once per page and shared by every
// guest card that picks the same province (a family usually does).

export type CatalogState =
  | { status: "idle"; catalog: null }
  | { status: "loading"; catalog: null }
  | { status: "ready"; catalog: ProvinceCatalog }
  | { status: "error"; catalog: null };

const requests = new Map<string, Promise<ProvinceCatalog>>();

function fetchCatalog(code: string): Promise<ProvinceCatalog> {
  let request = requests.get(code);
  if (!request) {
    request = fetch(`/api/ine/provinces/${encodeURIComponent(code)}`, { headers: { Accept: "application/json" } }).then(
      async (response) => {
        if (!response.ok) throw new Error(`INE catalogue ${code}: ${response.status}`);
        return (await response.json()) as ProvinceCatalog;
      },
    );
    // A failed request is forgotten, so choosing the province again retries it.
    request.catch(() => requests.delete(code));
    requests.set(code, request);
  }
  return request;
}

const PROVINCE_CODE = /^(0[1-9]|[1-4]\d|5[0-2])$/;

export function useProvinceCatalog(provinceCode: string, enabled: boolean): CatalogState {
  const wanted = enabled && PROVINCE_CODE.test(provinceCode) ? provinceCode : null;
  const [state, setState] = useState<{ code: string | null; value: CatalogState }>({
    code: null,
    value: { status: "idle", catalog: null },
  });

  useEffect(() => {
    if (wanted === null) return;
    let active = true;
    fetchCatalog(wanted).then(
      (catalog) => active && setState({ code: wanted, value: { status: "ready", catalog } }),
      () => active && setState({ code: wanted, value: { status: "error", catalog: null } }),
    );
    return () => {
      active = false;
    };
  }, [wanted]);

  if (wanted === null) return { status: "idle", catalog: null };
  // Until the answer for this very province arrives, an older one must not be shown.
  return state.code === wanted ? state.value : { status: "loading", catalog: null };
}
