import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { APARTMENT_IMAGE_MARKER } from "#app/modules/chat/stream-parser.ts";
import { APARTMENT_IMAGE_ALT, ChatMessageBubble } from "./chat-message.tsx";
import { APARTMENT_IMAGE_URL } from "./chat-state.ts";

const render = (content: string, role: "user" | "assistant" = "assistant", streaming = false) =>
  renderToStaticMarkup(<ChatMessageBubble message={{ id: "m", role, content }} streaming={streaming} />);

describe("chat bubble rendering", () => {
  test("long links are shortened and open safely in a new tab", () => {
    const html = render("Mira https://www.example.com/una/ruta/muy/larga/de/verdad?x=1 y sigue.");
    expect(html).toContain('href="https://www.example.com/una/ruta/muy/larga/de/verdad?x=1"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain(">example.com/una/ruta/muy/larga/…<");
  });

  test("site paths and mailto stay in the tab; javascript: never becomes a link", () => {
    const html = render(
      "[Precios](/chatbot-apartamentos-turisticos#precios) [Escríbenos](mailto:hola@example.com) [clic](javascript:void0) [otro](//evil.example/x) [más](javascript:alert(1))",
    );
    expect(html).toContain('href="/chatbot-apartamentos-turisticos#precios"');
    expect(html).toContain('href="mailto:hola@example.com"');
    expect(html).not.toMatch(/href="(javascript:|\/\/)/);
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain("clic");
    expect(html.match(/target="_blank"/g)).toBeNull();
  });

  test("markup in a reply is shown as text, never interpreted", () => {
    const html = render('<img src=x onerror="alert(1)"><script>alert(1)</script>');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
  });

  test("the image marker becomes the apartment picture; a half-typed marker is hidden while streaming", () => {
    const html = render(`Así es:\n\n${APARTMENT_IMAGE_MARKER}\n\nFin`);
    expect(html).toContain(`src="${APARTMENT_IMAGE_URL}"`);
    expect(html).toContain(`alt="${APARTMENT_IMAGE_ALT}"`);
    expect(html).not.toContain(APARTMENT_IMAGE_MARKER);
    expect(render("Así es: [IMAGEN_APAR", "assistant", true)).not.toContain("[IMAGEN_APAR");
  });

  test("the visitor's own text is never turned into links or pictures", () => {
    const html = render(`${APARTMENT_IMAGE_MARKER} https://example.com`, "user");
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("<img");
    expect(html).toContain("Tú: ");
  });
});
