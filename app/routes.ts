import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The one route table. Spanish URLs are defined here and nowhere else.
export default [
  layout("routes/marketing/layout.tsx", [
    // BEGIN marketing routes
    index("routes/marketing/home.tsx"),
    // END marketing routes
  ]),
  route("auth", "routes/auth/sign-in.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/leads.tsx"),
      route("usuarios", "routes/admin/users.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
