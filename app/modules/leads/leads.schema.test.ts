import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DEFAULT_LEAD_LIST_QUERY, leadListQueryToSearchParams, parseLeadListQuery } from "./leads-query.ts";
import {
  CONTACT_PAGE_CAPS,
  LEAD_MESSAGES,
  MODAL_CAPS,
  cleanLine,
  cleanText,
  isValidEmail,
  isValidPhone,
  normalizeLeadPriority,
  normalizeLeadStatus,
  normalizeNotes,
  normalizeOwnerType,
  normalizeReference,
  normalizeSourceTag,
  ownerTypeLabel,
  propertyTypeLabel,
  safeReturnPath,
  sourceLabel,
  stripMarkup,
  truncate,
  validateContactPageLead,
  validateManualLead,
  validateModalLead,
  validatePublicLead,
  type PublicLeadInput,
} from "./leads.schema.ts";

const validModal: PublicLeadInput = {
  name: "Lucía Fernández",
  email: "Lucia.Fernandez@Example.com",
  phone: "+34 600 123 456",
  company: "Apartamentos Sol S.L.",
  city: "Sevilla",
  property_type: "apartamentos-turisticos",
  property_count: "6-20",
  owner_type: "company",
  message: "Quiero información sobre el sensor de ruido.",
  source: "hero-cta",
};

const validPage: PublicLeadInput = {
  name: "Lucía Fernández",
  email: "lucia@example.com",
  phone: "600123456",
  company: "",
  message: "Me gustaría recibir una demo del dispositivo.",
};

/** A well-formed address of exactly `length` characters (labels of at most 63). */
function emailOfLength(length: number): string {
  const fixed = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.`;
  const rest = length - fixed.length - 3; // ".es"
  return `${fixed}${"d".repeat(rest)}.es`;
}

const messageOf = (result: ReturnType<typeof validateModalLead>) => (result.ok ? "ok" : result.message);

describe("contact modal rules (public-side §5), first failing rule wins", () => {
  test("a complete submission passes and is normalised", () => {
    const result = validateModalLead(validModal);
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Lucía Fernández",
        email: "lucia.fernandez@example.com",
        phone: "+34 600 123 456",
        company: "Apartamentos Sol S.L.",
        city: "Sevilla",
        propertyType: "apartamentos-turisticos",
        propertyCount: "6-20",
        ownerType: "company",
        message: "Quiero información sobre el sensor de ruido.",
        source: "WEB-hero-cta",
        reference: null,
      },
    });
  });

  test("the rules are checked in order: name, email, phone required, phone format, owner type", () => {
    const allBad = { name: "A", email: "no", phone: "", owner_type: "" };
    expect(messageOf(validateModalLead(allBad))).toBe(LEAD_MESSAGES.invalidName);
    expect(messageOf(validateModalLead({ ...allBad, name: "Ana" }))).toBe(LEAD_MESSAGES.invalidEmail);
    expect(messageOf(validateModalLead({ ...allBad, name: "Ana", email: "ana@example.com" }))).toBe(LEAD_MESSAGES.missingPhone);
    expect(messageOf(validateModalLead({ ...allBad, name: "Ana", email: "ana@example.com", phone: "12" }))).toBe(
      LEAD_MESSAGES.invalidPhone,
    );
    expect(
      messageOf(validateModalLead({ ...allBad, name: "Ana", email: "ana@example.com", phone: "600123456" })),
    ).toBe(LEAD_MESSAGES.missingOwnerType);
  });

  test("the failing rule names its field, so the form can focus it", () => {
    const result = validateModalLead({ ...validModal, phone: "abc" });
    expect(result).toMatchObject({ ok: false, field: "phone", messageKey: "invalidPhone" });
  });

  test.each([
    ["", false],
    [" A ", false],
    ["<b>A</b>", false],
    ["<script>alert(1)</script>", false],
    ["Al", true],
    ["  Ana  ", true],
  ])("name %j valid: %s (trimmed, markup stripped, at least 2)", (name, ok) => {
    expect(validateModalLead({ ...validModal, name }).ok).toBe(ok);
  });

  test("name, company, city and message lose their markup and surrounding space", () => {
    const result = validateModalLead({
      ...validModal,
      name: "  <b>Ana</b> <i>García</i> ",
      company: "<a href='x'>Gestora</a> Sur",
      city: "<img src=x onerror=alert(1)>Málaga",
      message: "<p>Hola</p>\n<script>alert('x')</script>¿Precio?  ",
    });
    expect(result.ok && result.data).toMatchObject({
      name: "Ana García",
      company: "Gestora Sur",
      city: "Málaga",
      message: "Hola\n¿Precio?",
    });
  });

  test("name, company, city and message lose bidirectional and zero-width characters (the one sanitiser, ADR 0014)", () => {
    const result = validateModalLead({
      ...validModal,
      name: "Ana\u200B García\u202E",
      company: "\u2066Gestora\u2069 Sur",
      city: "Má\u200Flaga",
      message: "Hola\u2067 ¿precio?\uFEFF",
    });
    expect(result.ok && result.data).toMatchObject({ name: "Ana García", company: "Gestora Sur", city: "Málaga", message: "Hola ¿precio?" });
  });

  test("empty optional fields are stored as null", () => {
    const result = validateModalLead({ ...validModal, company: "  ", city: "", message: "<b></b>", property_type: "", property_count: undefined });
    expect(result.ok && result.data).toMatchObject({ company: null, city: null, message: null, propertyType: null, propertyCount: null });
  });

  test("input caps: name and company 200, city 100, message 2000, phone 50, email 255", () => {
    const result = validateModalLead({
      ...validModal,
      name: "N".repeat(500),
      company: "C".repeat(500),
      city: "M".repeat(500),
      message: "x".repeat(5000),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.name).toHaveLength(MODAL_CAPS.name);
    expect(result.data.company).toHaveLength(MODAL_CAPS.company);
    expect(result.data.city).toHaveLength(MODAL_CAPS.city);
    expect(result.data.message).toHaveLength(MODAL_CAPS.message);
    // A 255-character e-mail fits the input but fails validation (254).
    const email255 = emailOfLength(255);
    expect(email255).toHaveLength(255);
    expect(messageOf(validateModalLead({ ...validModal, email: email255 }))).toBe(LEAD_MESSAGES.invalidEmail);
  });

  test("owner type: individual, company, and the legacy business read as company", () => {
    expect(validateModalLead({ ...validModal, owner_type: "individual" })).toMatchObject({ ok: true, data: { ownerType: "individual" } });
    expect(validateModalLead({ ...validModal, owner_type: "business" })).toMatchObject({ ok: true, data: { ownerType: "company" } });
    expect(messageOf(validateModalLead({ ...validModal, owner_type: "landlord" }))).toBe(LEAD_MESSAGES.missingOwnerType);
  });

  test("options outside the canonical sets are refused after the spec's rules", () => {
    expect(messageOf(validateModalLead({ ...validModal, property_type: "castillo" }))).toBe(LEAD_MESSAGES.invalidPropertyType);
    expect(messageOf(validateModalLead({ ...validModal, property_count: "1000" }))).toBe(LEAD_MESSAGES.invalidPropertyCount);
    // The spec's own rules still come first.
    expect(messageOf(validateModalLead({ ...validModal, owner_type: "", property_type: "castillo" }))).toBe(
      LEAD_MESSAGES.missingOwnerType,
    );
  });

  test("non-text values (a JSON number, an object) are read as text or as empty", () => {
    expect(validateModalLead({ ...validModal, phone: 600123456 }).ok).toBe(true);
    expect(messageOf(validateModalLead({ ...validModal, name: { first: "Ana" } }))).toBe(LEAD_MESSAGES.invalidName);
  });
});

describe("e-mail and phone formats", () => {
  test.each([
    ["ana@example.com", true],
    ["ana.garcia+leads@sub.example.co.uk", true],
    ["ANA@EXAMPLE.COM", false], // validation sees the lower-cased value; upper case is normalised first
    ["ana@example", false],
    ["ana@@example.com", false],
    ["ana example@example.com", false],
    ['"ana"@example.com', false],
    ["ana'o@example.com", false],
    ["<ana@example.com>", false],
    ["ana@exa_mple.com", false],
    [".ana@example.com", false],
    ["ana..b@example.com", false],
    ["", false],
  ])("email %j valid: %s", (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });

  test("the modal lower-cases and trims the e-mail before checking it", () => {
    expect(validateModalLead({ ...validModal, email: "  ANA@EXAMPLE.COM " })).toMatchObject({ ok: true, data: { email: "ana@example.com" } });
  });

  test("254 characters is the longest valid e-mail", () => {
    const email = emailOfLength(254);
    expect(email).toHaveLength(254);
    expect(isValidEmail(email)).toBe(true);
  });

  test.each([
    ["600123456", true],
    ["+34 600 123 456", true],
    ["(+34) 600 123 456", false], // the plus may only lead
    ["+34 (600) 12-34-56", true],
    ["600 12 34 56", true],
    ["60012345", false], // 8 characters
    ["123456789012345678901", false], // 21 characters
    ["1234 5678", false], // 9 characters but 8 digits
    ["1234567890123456", false], // 16 digits
    ["600-ABC-456", false],
    ["600.123.456", false],
    ["++34600123456", false],
    ["600123456\n", false],
  ])("phone %j valid: %s", (phone, ok) => {
    expect(isValidPhone(phone)).toBe(ok);
  });
});

describe("/contacto page rules (public-side §5), in its own order", () => {
  test("a valid submission stores the page's fixed values", () => {
    const result = validateContactPageLead({ ...validPage, source: "hero-cta", owner_type: "company", property_type: "hoteles", city: "Madrid" });
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Lucía Fernández",
        email: "lucia@example.com",
        phone: "600123456",
        company: null,
        city: null,
        propertyType: null,
        propertyCount: null,
        ownerType: "individual",
        message: "Me gustaría recibir una demo del dispositivo.",
        source: "WEB-contacto",
        reference: null,
      },
    });
  });

  test("order: email, phone required, phone format, name, message", () => {
    const allBad = { name: "", email: "x", phone: "", message: "" };
    expect(messageOf(validateContactPageLead(allBad))).toBe(LEAD_MESSAGES.invalidEmail);
    const step2 = { ...allBad, email: "ana@example.com" };
    expect(messageOf(validateContactPageLead(step2))).toBe(LEAD_MESSAGES.missingPhone);
    const step3 = { ...step2, phone: "12ab" };
    expect(messageOf(validateContactPageLead(step3))).toBe(LEAD_MESSAGES.invalidPhone);
    const step4 = { ...step3, phone: "600 123 456" };
    expect(messageOf(validateContactPageLead(step4))).toBe(LEAD_MESSAGES.invalidName);
    const step5 = { ...step4, name: "Ana" };
    expect(messageOf(validateContactPageLead(step5))).toBe(LEAD_MESSAGES.shortMessage);
    expect(validateContactPageLead({ ...step5, message: "0123456789" }).ok).toBe(true);
  });

  test("the message counts after trimming and markup stripping", () => {
    expect(messageOf(validateContactPageLead({ ...validPage, message: "   123456789   " }))).toBe(LEAD_MESSAGES.shortMessage);
    expect(messageOf(validateContactPageLead({ ...validPage, message: "<b>12345</b><i>6789</i>" }))).toBe(LEAD_MESSAGES.shortMessage);
  });

  test("input is truncated: name 100, email 254, phone 20, company 150, message 2000", () => {
    const result = validateContactPageLead({
      ...validPage,
      name: "N".repeat(300),
      company: "C".repeat(300),
      message: "m".repeat(3000),
      phone: "600 123 456 78 90 12 34 56",
    });
    // The phone is cut to 20 characters ("600 123 456 78 90 12"), which is still valid.
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.name).toHaveLength(CONTACT_PAGE_CAPS.name);
    expect(result.data.company).toHaveLength(CONTACT_PAGE_CAPS.company);
    expect(result.data.message).toHaveLength(CONTACT_PAGE_CAPS.message);
    expect(result.data.phone).toBe("600 123 456 78 90 12");
  });

  test("markup is stripped from every text field; the e-mail is trimmed and lower-cased", () => {
    const result = validateContactPageLead({
      name: "<script>alert(1)</script>Ana <b>Ruiz</b>",
      email: "  Ana@Example.COM ",
      phone: " 600123456 ",
      company: "<i>Nido</i>",
      message: "<img src=x onerror=alert(1)>Necesito información, gracias.",
    });
    expect(result.ok && result.data).toMatchObject({
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "600123456",
      company: "Nido",
      message: "Necesito información, gracias.",
    });
  });

  test("?ref=caso-{slug} is kept as the reference when it is a safe slug", () => {
    expect(validateContactPageLead({ ...validPage, reference: "caso-apartamentos-sol-sevilla" })).toMatchObject({
      ok: true,
      data: { reference: "caso-apartamentos-sol-sevilla" },
    });
    for (const bad of ["caso-<script>", "javascript:alert(1)", "caso-", "caso--x", "CASO-X", `caso-${"a".repeat(200)}`]) {
      expect(normalizeReference(bad)).toBeNull();
    }
  });

  test("validatePublicLead picks the rule set by form kind", () => {
    const input = { ...validPage, owner_type: "" };
    expect(validatePublicLead("contacto", input).ok).toBe(true);
    expect(messageOf(validatePublicLead("modal", input))).toBe(LEAD_MESSAGES.missingOwnerType);
  });
});

describe("markup stripping and text cleaning", () => {
  test.each([
    ["<b>bold</b>", "bold"],
    ["<script>alert(1)</script>text", "text"],
    ["<SCRIPT SRC=//evil.js></SCRIPT>x", "x"],
    ["<style>body{display:none}</style>x", "x"],
    // The inner script element goes whole, content included; the "<scr" left over goes too.
    ["<scr<script>ipt>alert(1)</script>", ""],
    // Removing <b> assembles "<script>alert(1)", which the next pass removes whole.
    ["<scr<b>ipt>alert(1)</script>", ""],
    ["<!-- hidden -->visible", "visible"],
    ["<img src=x onerror=alert(1)//", ""],
    ["a < b > c", "a  b  c"],
    ["<<b>>x", "x"],
    ["<svg/onload=alert(1)>", ""],
    ["&lt;script&gt;", "&lt;script&gt;"],
    ["Tom & Jerry", "Tom & Jerry"],
  ])("stripMarkup(%j) = %j", (input, expected) => {
    expect(stripMarkup(input)).toBe(expected);
  });

  test("no angle bracket survives, and stripping twice changes nothing (property)", () => {
    const htmlish = fc.stringMatching(/^[<>a-z/ "'=!-]{0,60}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), htmlish), (input) => {
        const out = stripMarkup(input);
        expect(out).not.toMatch(/[<>]/);
        expect(stripMarkup(out)).toBe(out);
      }),
      { numRuns: 500 },
    );
  });

  test("one-line fields drop control characters (NUL is refused by PostgreSQL) and fold white space", () => {
    expect(cleanLine("Ana\u0000 \t\r\n  García\u202E")).toBe("Ana García");
  });

  test("multi-line fields keep their line breaks", () => {
    expect(cleanText("  Línea 1\r\nLínea 2\u0000\n\nLínea 4  ")).toBe("Línea 1\nLínea 2\n\nLínea 4");
  });

  test("truncate never leaves half a surrogate pair", () => {
    expect(truncate("ab😀", 3)).toBe("ab");
    expect(truncate("ab😀", 4)).toBe("ab😀");
  });

  test("notes: markup stripped, capped at 2000, empty clears them", () => {
    expect(normalizeNotes("<b>Llamar</b> el lunes")).toBe("Llamar el lunes");
    expect(normalizeNotes("x".repeat(3000))).toHaveLength(2000);
    expect(normalizeNotes("   ")).toBeNull();
  });
});

describe("source tags", () => {
  test.each([
    ["hero-cta", "hero-cta"],
    ["WEB-hero-cta", "hero-cta"],
    ["Limpieza y Logística", "Limpieza y Logística"],
    ["apartamentos-turisticos-malaga", "apartamentos-turisticos-malaga"],
    ["nueva-pagina-2026", "nueva-pagina-2026"],
    ["<script>", "unknown"],
    ["a\u0000b", "unknown"],
    ["-leading-dash", "unknown"],
    ["x".repeat(61), "unknown"],
    ["", "unknown"],
    [undefined, "unknown"],
  ])("tag %j is stored as %j", (raw, tag) => {
    expect(normalizeSourceTag(raw)).toBe(tag);
  });

  test("known sources get readable labels; unknown ones are shown raw", () => {
    expect(sourceLabel("WEB-navbar-contact")).toBe("Web - Contacto del menú");
    expect(sourceLabel("WEB-contacto")).toBe("Web - Página de contacto");
    expect(sourceLabel("MANUAL")).toBe("Manual");
    expect(sourceLabel("WEB-Limpieza y Logística")).toBe("Limpieza y logística");
    expect(sourceLabel("WEB-pagina-nueva")).toBe("WEB-pagina-nueva");
    expect(sourceLabel("toString")).toBe("toString");
  });
});

describe("status, priority and option labels", () => {
  test("unknown status reads as pending; unknown priority as medium", () => {
    expect(normalizeLeadStatus("closed")).toBe("pending");
    expect(normalizeLeadStatus("qualified")).toBe("qualified");
    expect(normalizeLeadPriority("critical")).toBe("medium");
    expect(normalizeLeadPriority("urgent")).toBe("urgent");
  });

  test("owner type labels: individual is a private owner, anything else a manager", () => {
    expect(ownerTypeLabel("individual")).toBe("Propietario particular");
    expect(ownerTypeLabel("company")).toBe("Gestora o gran propietario");
    expect(ownerTypeLabel("business")).toBe("Gestora o gran propietario");
    expect(ownerTypeLabel(null)).toBeNull();
    expect(normalizeOwnerType("business")).toBe("company");
  });

  test("unknown stored option values are shown raw", () => {
    expect(propertyTypeLabel("hoteles")).toBe("Hoteles");
    expect(propertyTypeLabel("villa")).toBe("villa");
  });
});

describe("manual lead (staff-side §5)", () => {
  const valid = { name: "Pedro Gil", email: "Pedro@Example.com", phone: "600 111 222" };

  test("defaults: status pending, priority medium, source MANUAL", () => {
    expect(validateManualLead(valid)).toMatchObject({
      ok: true,
      data: { name: "Pedro Gil", email: "pedro@example.com", status: "pending", priority: "medium", source: "MANUAL", notes: null },
    });
  });

  test("messages in order: name (with its minimum), email, phone", () => {
    const fail = (input: Record<string, unknown>) => {
      const result = validateManualLead(input);
      return result.ok ? "ok" : result.message;
    };
    expect(fail({ name: "P", email: "x", phone: "" })).toBe("Por favor, introduce un nombre válido (mínimo 2 caracteres)");
    expect(fail({ ...valid, email: "x" })).toBe("Por favor, introduce un email válido");
    expect(fail({ ...valid, phone: "" })).toBe("Por favor, introduce un teléfono válido");
    expect(fail({ ...valid, status: "archived" })).toBe("Por favor, selecciona un estado válido");
    expect(fail({ ...valid, priority: "critical" })).toBe("Por favor, selecciona una prioridad válida");
  });

  test("caps: city 100, message 1000, notes 2000; chosen status and priority kept", () => {
    const result = validateManualLead({
      ...valid,
      city: "c".repeat(300),
      message: "m".repeat(3000),
      notes: "n".repeat(3000),
      status: "contacted",
      priority: "urgent",
      owner_type: "business",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.city).toHaveLength(100);
    expect(result.data.message).toHaveLength(1000);
    expect(result.data.notes).toHaveLength(2000);
    expect(result.data).toMatchObject({ status: "contacted", priority: "urgent", ownerType: "company" });
  });
});

describe("the admin list query in the URL", () => {
  test("defaults, and bad values falling back to them", () => {
    expect(parseLeadListQuery(new URLSearchParams())).toEqual(DEFAULT_LEAD_LIST_QUERY);
    expect(
      parseLeadListQuery(new URLSearchParams("status=bogus&priority=zzz&page=-3&pageSize=7&sort=password&dir=sideways")),
    ).toEqual(DEFAULT_LEAD_LIST_QUERY);
  });

  test("round trip, leaving defaults out of the URL", () => {
    const query = { ...DEFAULT_LEAD_LIST_QUERY, q: "garcía", status: "closed" as const, page: 3, sort: "priority" as const };
    const params = leadListQueryToSearchParams(query);
    expect(params.toString()).toBe("q=garc%C3%ADa&status=closed&page=3&sort=priority");
    expect(parseLeadListQuery(params)).toEqual(query);
  });
});

describe("safe return paths for no-JS posts", () => {
  test.each([
    ["/contacto", "/contacto"],
    ["/apartamentos-turisticos-madrid", "/apartamentos-turisticos-madrid"],
    ["/contacto?ref=caso-x", "/contacto"],
    ["/a/../b", "/b"],
    ["//evil.example", null],
    ["/\\evil.example", null],
    ["https://evil.example/", null],
    ["javascript:alert(1)", null],
    ["/x\r\nSet-Cookie: a=b", null],
    ["", null],
    [42, null],
  ])("%j → %j", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
