import { desc, eq } from "drizzle-orm";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { landlordAccounts, properties, reservations } from "#app/db/schema.ts";
import { emptyGuestFormValues, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { writeVisitBatch } from "#app/modules/visits/visits.server.ts";
import { signatureDataUrl } from "#tests/helpers/signature-png.ts";
import { TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// Data for the screens of the staff area, created the way staff and guests create it: through
// the admin route actions and the public guest link over real HTTP, so every table, list and
// dialog has rows to show. Long names and addresses on purpose: a phone layout must cope with
// them.

export type StaffFixtures = {
  propertyId: string;
  landlordId: string;
  pendingReservationId: string;
  completedReservationId: string;
  deviceId: string;
};

function spanishGuest(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return {
    ...emptyGuestFormValues(),
    givenName: "María del Carmen",
    firstSurname: "Fernández-Villaverde",
    secondSurname: "Ejemplo",
    sex: "M",
    birthDate: "1985-03-20",
    nationality: "ESP",
    documentType: "DNI",
    documentNumber: "12345678Z",
    documentSupport: "ABC123456",
    phone: "+34 600 000 000",
    email: "maria.del.carmen.fernandez@example.com",
    addressStreet: "Calle de la Princesa Inventada 123, escalera B, 3º izquierda",
    addressCountry: "ESP",
    addressProvince: "28",
    addressMunicipalityCode: "28079",
    addressPostalCode: "28001",
    // One guest draws, the other types: the guests dialog shows both kinds.
    signatureKind: "drawn",
    signatureImage: signatureDataUrl(),
    ...overrides,
  };
}

export async function seedStaffFixtures(server: TestServer): Promise<StaffFixtures> {
  const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  let ip = 0;
  const post = async (path: string, body: Record<string, string>, withCookie = true) => {
    ip += 1;
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": `10.77.0.${ip}`,
        ...(withCookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
    if (response.status >= 300) throw new Error(`fixture POST ${path} → ${response.status}: ${await response.text()}`);
    return response;
  };

  await server.createUser({ email: "ana.admin@nidosmart.test", password: "admin-pass", role: "admin", fullName: "Ana Administradora García" });
  await server.createUser({ email: "usuario.con.un.email.muy.largo@nidosmart.test", password: "user-pass", role: "user" });

  const leads = [
    { name: "Alejandro Martínez de la Fuente", email: "alejandro.martinez.delafuente@example.com", company: "Apartamentos Turísticos del Mediterráneo S.L.", priority: "high" },
    { name: "Lucía Ortega", email: "lucia@example.com", company: "", priority: "medium" },
    { name: "Jordi Puig", email: "jordi.puig@example.com", company: "Coliving Gràcia", priority: "urgent" },
  ];
  for (const lead of leads) {
    await post("/admin", {
      intent: "create-manual",
      name: lead.name,
      email: lead.email,
      phone: "+34 600 123 456",
      company: lead.company,
      city: "Barcelona",
      owner_type: "company",
      property_type: "apartamentos-turisticos",
      property_count: "6-20",
      status: "pending",
      priority: lead.priority,
      message: "Quiero información sobre el sensor de ruido y la integración con mi PMS para doce apartamentos.",
      notes: "",
    });
  }

  // A landlord account (SES web-service credentials) the property files with.
  await post("/admin/viajeros/arrendadores", {
    intent: "create",
    name: "Apartamentos Turísticos del Albaicín S.L.",
    landlordCode: "0000000042",
    wsUser: "B00000000WS-albaicin-servicio-web",
    wsPassword: "contraseña-de-prueba-muy-larga",
    application: "NidoSmart",
    autoSend: "true",
  });
  const [landlord] = await server.db.select().from(landlordAccounts).orderBy(desc(landlordAccounts.createdAt)).limit(1);

  await post("/admin/viajeros/viviendas", {
    intent: "create",
    name: "Apartamento Mirador de la Alhambra",
    address: "Cuesta del Chapiz 45, 18010 Granada",
    establishmentCode: "0000123456",
    landlordAccountId: landlord.id,
  });
  const [property] = await server.db.select().from(properties).orderBy(desc(properties.createdAt)).limit(1);

  // Relative to today: a reservation may not start in the past.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const createReservation = async (notes: string) => {
    await post("/admin/viajeros?index", {
      intent: "create",
      holderGivenName: "María del Carmen",
      holderFirstSurname: "Fernández-Villaverde",
      holderSecondSurname: "Ejemplo",
      holderEmail: "maria.del.carmen.fernandez@example.com",
      holderPhone: "+34 600 000 000",
      bookingChannel: "booking",
      propertyId: property.id,
      guestCount: "2",
      checkInDate: day(7),
      checkOutDate: day(11),
      notes,
    });
    const [row] = await server.db
      .select()
      .from(reservations)
      .where(eq(reservations.propertyId, property.id))
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    return row;
  };
  const completed = await createReservation("Llegada tarde, dejar las llaves en el cajetín.");
  const fields: Record<string, string> = { client: "js" };
  [spanishGuest(), spanishGuest({
      givenName: "Pablo",
      sex: "H",
      documentNumber: "87654321X",
      email: "pablo@example.com",
      signatureKind: "typed",
      signatureImage: "",
      signatureName: "Pablo Fernández-Villaverde",
    })].forEach(
    (guest, index) => {
      for (const [field, value] of Object.entries(guest)) fields[guestInputName(index, field as keyof GuestFormValues)] = value ?? "";
    },
  );
  await post(`/registro-viajeros/${completed.uniqueLink}?lang=es&personas=2`, fields, false);
  const pending = await createReservation("");

  const deviceId = "ns01-granada-mirador";
  await post("/admin/viajeros/dispositivos", { intent: "register", deviceId, name: "Puerta principal", propertyId: property.id });
  // A refused opening attempt, so the log of openings has a row (every attempt is recorded).
  const attempt = await fetch(`${server.url}/api/door/command`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.77.1.1" },
    body: JSON.stringify({ device_id: deviceId, command: "abrir", token: "enlace-no-valido" }),
  });
  if (attempt.status !== 401) throw new Error(`fixture door attempt → ${attempt.status}`);

  // Website visits over the last days, so the statistics tab has bars and its tables have rows.
  const paths = ["/", "/ns-01", "/sensor-ruido-apartamentos-turisticos", "/internet-apartamentos-turisticos", "/apartamentos-turisticos-ruido", "/contacto"];
  const visits = paths.flatMap((pagePath, index) =>
    Array.from({ length: (paths.length - index) * 3 }, (_, n) => ({
      pagePath,
      referrerHost: null,
      isBot: false,
      visitedAt: new Date(Date.now() - (n % 9) * 86_400_000),
    })),
  );
  await writeVisitBatch(server.db, visits);

  return { propertyId: property.id, landlordId: landlord.id, pendingReservationId: pending.id, completedReservationId: completed.id, deviceId };
}
