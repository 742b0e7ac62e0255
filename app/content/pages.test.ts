import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { cities } from "#app/content/cities.ts";
import { comparatorFeatures, monthlyCosts, monthlySavingEur } from "#app/content/pages/comparador.ts";
import { LEGAL_LAST_UPDATED, legalPages, spanishDate } from "#app/content/legal.ts";
import { footerColumns, legalLinks, navGroups, navLinks } from "#app/content/navigation.ts";
import { marketingPageList, marketingPages, pageText } from "#app/content/pages.ts";
import { publicPages } from "#app/content/site-map.ts";

const publicDir = path.resolve(import.meta.dirname, "../../public");
const publicPaths = new Set(publicPages.map((page) => page.path));

/** Every value stored under `key` anywhere inside `value`. */
function collect(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) collect(item, key, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      collect(v, key, out);
    }
  }
  return out;
}

describe("marketingPages registry", () => {
  test("every public path has exactly one registered page, and every page is public", () => {
    for (const page of publicPages) expect(marketingPages[page.path], page.path).toBeDefined();
    expect(Object.keys(marketingPages).sort()).toEqual([...publicPaths].sort());
    expect(marketingPageList).toHaveLength(Object.keys(marketingPages).length);
  });

  test("the site map has no duplicates and leaves out private pages", () => {
    expect(publicPaths.size).toBe(publicPages.length);
    for (const hidden of ["/apertura-puerta", "/auth", "/admin"]) expect(publicPaths.has(hidden)).toBe(false);
    for (const page of publicPages) expect(page.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(publicPaths.has("/antiokupacion-vivienda-vacacional")).toBe(true);
    expect(publicPaths.has("/antiokupacion-apartamento-turistico")).toBe(true);
    expect(publicPaths.has("/chatbot-apartamentos-turisticos")).toBe(true);
  });

  test("titles and descriptions are unique across the site", () => {
    const titles = marketingPageList.map((page) => page.seo.title);
    const descriptions = marketingPageList.map((page) => page.seo.description);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  test("every page has usable SEO fields and an h1", () => {
    for (const page of marketingPageList) {
      expect(page.seo.title.length, page.path).toBeGreaterThan(10);
      expect(page.seo.title.length, page.path).toBeLessThanOrEqual(90);
      expect(page.seo.description.length, page.path).toBeGreaterThanOrEqual(50);
      expect(page.seo.description.length, page.path).toBeLessThanOrEqual(200);
      expect(page.seo.keywords.length, page.path).toBeGreaterThan(0);
      expect(page.h1.trim().length, page.path).toBeGreaterThan(0);
      expect(page.breadcrumb.trim().length, page.path).toBeGreaterThan(0);
    }
  });

  test("a page with a hero starts with it, and has only one (it carries the single h1)", () => {
    for (const page of marketingPageList) {
      const heroes = page.sections.filter((section) => section.type === "hero");
      expect(heroes.length, page.path).toBeLessThanOrEqual(1);
      if (heroes.length === 1) expect(page.sections[0].type, page.path).toBe("hero");
    }
  });

  test("the home hero rotates Inteligente and Eficiente, and the first word is in the h1", () => {
    const home = marketingPages["/"];
    const hero = home.sections[0];
    expect(hero.type === "hero" && hero.rotatingWords).toEqual(["Inteligente", "Eficiente"]);
    expect(home.h1).toContain("Inteligente");
    expect(hero.type === "hero" && hero.highlights).toEqual([
      "Mejor convivencia vecinal",
      "Monitorización en tiempo real",
      "Hasta un 58 % de ahorro",
    ]);
    const actions = hero.type === "hero" ? hero.actions : [];
    expect(actions[0]).toEqual({ kind: "contact", label: "Comenzar Ahora", source: "hero-cta" });
  });

  test("the home page has a 16-card feature grid", () => {
    const grid = marketingPages["/"].sections.find((section) => section.type === "features");
    expect(grid?.type === "features" && grid.items.length).toBe(16);
  });

  test("demo dialogs use the source tags of spec §9", () => {
    const expected: Record<string, string> = {
      "/comparador": "comparador-cta",
      "/": "demo-section-cta",
      "/ns-01": "ns01-cta",
      "/monitorizacion-ruido": "monitorizacion-ruido-cta",
      "/aforo-real": "aforo-real-cta",
      "/alarma-basica": "alarma-basica-cta",
      "/wifi": "wifi-cta",
      "/sistema-cobro": "sistema-cobro-cta",
      "/monetiza-dispositivo": "monetiza-dispositivo-cta",
      "/apartamentos-turisticos": "apartamentos-turisticos-cta",
      "/apartamentos-turisticos-madrid": "apartamentos-turisticos-madrid",
      "/apartamentos-turisticos-barcelona": "apartamentos-turisticos-barcelona",
      "/apartamentos-turisticos-sevilla": "apartamentos-turisticos-sevilla",
      "/apartamentos-turisticos-malaga": "apartamentos-turisticos-malaga",
      "/hoteles": "hoteles-cta",
      "/coliving": "coliving-cta",
      "/promocion-viviendas": "promocion-viviendas-cta",
      "/chatbot-apartamentos-turisticos": "conserje-ai",
      "/limpieza-logistica": "Limpieza y Logística",
    };
    for (const [pagePath, source] of Object.entries(expected)) expect(marketingPages[pagePath].source, pagePath).toBe(source);
  });

  test("every internal link in the content points at a public page or an anchor on the same page", () => {
    for (const page of marketingPageList) {
      const anchors = new Set(page.sections.map((section) => ("id" in section ? section.id : undefined)).filter(Boolean));
      for (const href of collect(page.sections, "href") as string[]) {
        if (href.startsWith("#")) expect(anchors.has(href.slice(1)), `${page.path} → ${href}`).toBe(true);
        else expect(publicPaths.has(href.split("?")[0]), `${page.path} → ${href}`).toBe(true);
      }
    }
  });

  test("every picture exists in public/ with the declared size", () => {
    for (const page of marketingPageList) {
      for (const image of collect(page.sections, "image") as { src: string; width: number; height: number }[]) {
        const file = path.join(publicDir, image.src);
        expect(fs.existsSync(file), image.src).toBe(true);
        const svg = fs.readFileSync(file, "utf8");
        expect(svg, image.src).toContain(`width="${image.width}" height="${image.height}"`);
      }
    }
  });

  test("every icon name used by the content exists in the icon sprite", () => {
    const sprite = fs.readFileSync(path.join(publicDir, "images/icons.svg"), "utf8");
    const names = new Set([...(collect(marketingPageList, "icon") as string[]), ...(collect(cities, "icon") as string[])]);
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(sprite, name).toContain(`<symbol id="${name}"`);
  });

  test("no page quotes a monthly price other than the spec's (never invent prices)", () => {
    // Spec §1/§2: 29 €/mes NidoSmart, 65 €/mes competitor, saving 36 €, assistant 5 and 7 €/mes,
    // the competitor's breakdown 20 + 25 + 15 + 5, and the 50-100 € monthly commission estimate.
    const allowed = new Set([0, 5, 7, 15, 20, 25, 29, 36, 50, 65, 100]);
    for (const page of marketingPageList) {
      const text = [page.seo.description, ...pageText(page)].join("\n");
      for (const match of text.matchAll(/(\d+(?:[.,]\d+)?) ?€ ?(?:\/ ?mes|al mes)/g)) {
        expect(allowed.has(Number(match[1].replace(",", "."))), `${page.path}: ${match[0]}`).toBe(true);
      }
    }
  });
});

describe("header and footer navigation (spec §2)", () => {
  const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

  test("Dispositivo has the four columns and the seven device pages", () => {
    const group = navGroups.find((candidate) => candidate.label === "Dispositivo");
    expect(group?.columns.map((column) => column.title)).toEqual(["Hardware", "Monitorización", "Seguridad", "Monetización"]);
    expect(group?.columns.flatMap((column) => hrefs(column.links))).toEqual([
      "/ns-01",
      "/monitorizacion-ruido",
      "/aforo-real",
      "/alarma-basica",
      "/wifi",
      "/sistema-cobro",
      "/monetiza-dispositivo",
    ]);
  });

  test("Soluciones has Por Sector and Otros Servicios with the seven solution pages", () => {
    const group = navGroups.find((candidate) => candidate.label === "Soluciones");
    expect(group?.columns.map((column) => column.title)).toEqual(["Por Sector", "Otros Servicios"]);
    expect(group?.columns.flatMap((column) => hrefs(column.links))).toEqual([
      "/apartamentos-turisticos",
      "/hoteles",
      "/coliving",
      "/promocion-viviendas",
      "/chatbot-apartamentos-turisticos",
      "/antiokupacion-apartamento-turistico",
      "/limpieza-logistica",
    ]);
  });

  test("the other header links, with /comparador labelled Precios", () => {
    expect(navLinks).toEqual([
      { href: "/sobre-nidosmart", label: "Sobre nosotros" },
      { href: "/faq", label: "FAQ" },
      { href: "/comparador", label: "Precios" },
    ]);
  });

  test("the footer links every page spec §2 lists", () => {
    const footer = new Set([...footerColumns.flatMap((column) => hrefs(column.links)), ...hrefs(legalLinks)]);
    for (const required of [
      "/ns-01",
      "/comparador",
      "/faq",
      "/empresa",
      "/contacto",
      "/politica-privacidad",
      "/terminos-condiciones",
      "/chatbot-apartamentos-turisticos",
      "/antiokupacion-apartamento-turistico",
      "/limpieza-logistica",
      "/apartamentos-turisticos",
      "/apartamentos-turisticos-madrid",
      "/apartamentos-turisticos-barcelona",
      "/apartamentos-turisticos-sevilla",
      "/apartamentos-turisticos-malaga",
    ]) {
      expect(footer.has(required), required).toBe(true);
    }
  });

  test("every navigation link points at a public page", () => {
    const all = [
      ...navGroups.flatMap((group) => group.columns.flatMap((column) => column.links)),
      ...navLinks,
      ...footerColumns.flatMap((c) => c.links),
      ...legalLinks,
    ];
    for (const link of all) expect(publicPaths.has(link.href), link.href).toBe(true);
  });
});

describe("pricing comparison (spec §1, §2)", () => {
  test("NidoSmart is always checked and the competitor only for the first 9 features", () => {
    expect(comparatorFeatures.length).toBeGreaterThan(9);
    expect(comparatorFeatures.slice(0, 9).every((feature) => feature.competitor)).toBe(true);
    expect(comparatorFeatures.slice(9).some((feature) => feature.competitor)).toBe(false);
  });

  test("'Sistema anti-okupación avanzado' links to the anti-squatting page", () => {
    expect(comparatorFeatures.find((feature) => feature.label === "Sistema anti-okupación avanzado")?.href).toBe(
      "/antiokupacion-apartamento-turistico",
    );
  });

  test("monthly costs: competitor 20 + 25 + 15 + 5 = 65, NidoSmart 29, saving 36", () => {
    const [competitor, nidosmart] = monthlyCosts;
    expect(competitor.lines.map((line) => line.amountEur)).toEqual([20, 25, 15, 5]);
    for (const column of monthlyCosts) {
      expect(column.lines.reduce((sum, line) => sum + line.amountEur, 0)).toBe(column.totalEur);
    }
    expect(competitor.totalEur).toBe(65);
    expect(nidosmart.totalEur).toBe(29);
    expect(monthlySavingEur).toBe(36);
  });
});

describe("legal pages (DECISIONS.md)", () => {
  test("carry a fixed last-updated date and name the operator", () => {
    expect(legalPages.map((page) => page.path)).toEqual(["/politica-privacidad", "/terminos-condiciones", "/politica-cookies"]);
    for (const page of legalPages) {
      expect(page.lastUpdated).toBe(LEGAL_LAST_UPDATED);
      expect(pageText(page).join(" "), page.path).toContain("NidoSmart Tecnologías S.L.");
    }
    expect(spanishDate("2025-09-01")).toBe("1 de septiembre de 2025");
  });

  test("the cookie policy states the 2-year maximum for analytics cookies", () => {
    expect(pageText(legalPages[2]).join(" ")).toContain("2 años");
  });
});
