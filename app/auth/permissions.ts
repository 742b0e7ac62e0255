// The permission matrix of staff-side §6, in one place. The server enforces it; the browser only
// uses it to hide what a role cannot do.
export const ROLES = ["user", "admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: "Usuario",
  admin: "Administrador",
  super_admin: "Super administrador",
};

/** A missing or unknown role reads as "user" (DECISIONS.md, "Accounts"). */
export function normalizeRole(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? "") ? (role as Role) : "user";
}

export const PERMISSIONS = {
  "admin:enter": ["admin", "super_admin"],
  "leads:manage": ["admin", "super_admin"],
  "leads:delete": ["super_admin"],
  "users:manage": ["super_admin"],
  "travellers:manage": ["admin", "super_admin"],
  "guests:read": ["admin", "super_admin"],
  "stats:read": ["admin", "super_admin"],
  "devices:manage": ["admin", "super_admin"],
  // SES.HOSPEDAJES web-service accounts (issue 10): credentials, so never the user role.
  "landlords:manage": ["admin", "super_admin"],
  // Monitorización (issue 19, ADR 0017): the readings say whether a dwelling is occupied and how
  // loud it is, so like the guests they are for staff only; the section changes nothing.
  "monitoring:read": ["admin", "super_admin"],
  // A CSV leaves the platform: its own permission, so it can be narrowed without touching the view.
  "monitoring:export": ["admin", "super_admin"],
  // Vigilancia (issue 21, ADR 0021): whether an empty flat is armed says when nobody is there, so
  // staff only; changing it (arm, disarm, settings, opening the door) is a separate permission so
  // it can be narrowed without hiding the screen.
  "vigilance:read": ["admin", "super_admin"],
  "vigilance:manage": ["admin", "super_admin"],
  // Evidence reports (ADR 0022): reading them, and creating or sharing them (a share link lets
  // someone without an account download the readings).
  "evidence:read": ["admin", "super_admin"],
  "evidence:manage": ["admin", "super_admin"],
  // Webhooks (issue 20, ADR 0023): an endpoint receives incident and device events of every
  // property, and its signing secret is shown at creation; like Monitorización, staff only.
  "webhooks:manage": ["admin", "super_admin"],
  // Incidencias (issue 20, ADR 0024): like the readings they come from, staff only. Reading them
  // (list, detail, the owner's monthly report) and changing them (closing one with a note,
  // editing a property's rules) are separate so the second can be narrowed on its own.
  "incidents:read": ["admin", "super_admin"],
  "incidents:manage": ["admin", "super_admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function hasPermission(role: string | null | undefined, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(normalizeRole(role));
}

export const isAdmin = (role: string | null | undefined) => hasPermission(role, "admin:enter");
export const canDeleteLeads = (role: string | null | undefined) => hasPermission(role, "leads:delete");
export const canManageUsers = (role: string | null | undefined) => hasPermission(role, "users:manage");
