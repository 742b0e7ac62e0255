// Provided by scripts/vite-islands.ts: where the marketing island module is served from.
declare module "virtual:islands" {
  export const marketingIsland: { src: string; preload: string[] };
}
